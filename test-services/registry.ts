import type { ServiceStarter } from './service.js';

/**
 * Every service by name. Each entry loads its starter on first use, so a run that needs none of them
 * loads none of their clients.
 */
export const SERVICES: Record<string, () => Promise<ServiceStarter>> = {
  echo: async () => (await import('./services/echo.js')).start,
  azurite: async () => (await import('./services/azurite.js')).start,
};
