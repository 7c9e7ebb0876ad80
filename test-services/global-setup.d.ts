/** The environment variable through which test workers find the controller. */
export declare const CONTROLLER_ENV = "STOWAGE_TEST_SERVICES";
/**
 * Global setup for Vitest and Playwright: starts the service controller and returns the teardown that
 * stops every service started during the run. Workers inherit the controller's URL from the environment.
 */
export default function setup(): Promise<() => Promise<void>>;
//# sourceMappingURL=global-setup.d.ts.map