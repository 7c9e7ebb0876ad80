import type { ServiceStarter } from './service.js';
/**
 * Every service by name. Each entry loads its starter on first use, so a run that needs none of them
 * loads none of their clients.
 */
export declare const SERVICES: Record<string, () => Promise<ServiceStarter>>;
//# sourceMappingURL=registry.d.ts.map