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
export * from './transport.js';
export type * from './types/config.js';
export type * from './types/groups.js';
export type * from './types/heal.js';
export type * from './types/health.js';
export type * from './types/info.js';
export type * from './types/logs.js';
export type * from './types/policies.js';
export type * from './types/quota.js';
export type * from './types/remote-targets.js';
export type * from './types/service.js';
export type * from './types/service-accounts.js';
export type * from './types/sts.js';
export type * from './types/tiers.js';
export type * from './types/trace.js';
export type * from './types/users.js';
