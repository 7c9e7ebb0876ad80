// SPDX-License-Identifier: Apache-2.0
export type { InspectOptions, InspectResult } from './calls/inspect.js';
export type { ProfileOptions, StartProfilingResult } from './calls/profile.js';
export {
  generatePrometheusConfig,
  generatePrometheusToken,
  type PrometheusMetricsType,
  type PrometheusScrapeConfig,
  type PrometheusTokenOptions,
} from './calls/prometheus.js';
export {
  assumeRole,
  assumeRoleWithLDAPIdentity,
  assumeRoleWithWebIdentity,
  parseStsCredentials,
} from './calls/sts.js';
export { goDuration, traceQuery } from './calls/trace.js';
export { MadminClient, type MadminClientOptions } from './client.js';
export * from './crypto.js';
export * from './errors.js';
export * from './json-stream.js';
export * from './sigv4.js';
export * from './sio.js';
export * from './transport.js';
export * from './types/audit.js';
export * from './types/config.js';
export * from './types/groups.js';
export * from './types/heal.js';
export * from './types/health.js';
export * from './types/idp.js';
export * from './types/info.js';
export * from './types/json.js';
export * from './types/kms.js';
export * from './types/license.js';
export * from './types/logs.js';
export * from './types/metrics.js';
export * from './types/policies.js';
export * from './types/pools.js';
export * from './types/quota.js';
export * from './types/remote-targets.js';
export * from './types/service.js';
export * from './types/service-accounts.js';
export * from './types/site-replication.js';
export * from './types/speedtest.js';
export * from './types/sts.js';
export * from './types/tiers.js';
export * from './types/trace.js';
export * from './types/users.js';
export * from './validate.js';
