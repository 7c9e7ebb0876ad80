import type { StartedService } from '../service.js';
/**
 * The controller's own check: an HTTP server answering every request with its path. Shows the shape of
 * a starter (free port, info, stop) and lets the controller's test observe start-once and stop.
 */
export declare function start(): Promise<StartedService>;
//# sourceMappingURL=echo.d.ts.map