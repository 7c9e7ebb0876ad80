// SPDX-License-Identifier: Apache-2.0
import type { ServiceStarter } from './service.js';

/**
 * Every service by name. Each entry loads its starter on first use, so a run that needs none of them
 * loads none of their clients.
 */
export const SERVICES: Record<string, () => Promise<ServiceStarter>> = {
  echo: async () => (await import('./services/echo.js')).start,
  prometheus: async () => (await import('./services/prometheus.js')).start,
  postgres: async () => (await import('./services/postgres.js')).start,
  mariadb: async () => (await import('./services/mariadb.js')).start,
  redis: async () => (await import('./services/redis.js')).start,
  mosquitto: async () => (await import('./services/mosquitto.js')).start,
  rabbitmq: async () => (await import('./services/rabbitmq.js')).start,
  nats: async () => (await import('./services/nats.js')).start,
  'oidc-provider': async () => (await import('./services/oidc-provider.js')).start,
  slapd: async () => (await import('./services/slapd.js')).start,
  azurite: async () => (await import('./services/azurite.js')).start,
};
