// SPDX-License-Identifier: Apache-2.0
// Wire types of the configuration calls (madmin-go config-kv-commands.go, config-help-commands.go).
import { z } from 'zod';

/** One key of a sub-system's help. */
export const helpKVSchema = z.object({
  key: z.string(),
  description: z.string(),
  optional: z.boolean(),
  type: z.string(),
  multipleTargets: z.boolean().optional(),
});
export type HelpKV = z.infer<typeof helpKVSchema>;

/** `GET /help-config-kv?subSys=&key=` response. */
export const configHelpSchema = z.object({
  subSys: z.string(),
  description: z.string(),
  multipleTargets: z.boolean(),
  keysHelp: z.array(helpKVSchema).nullable(),
});
export type ConfigHelp = z.infer<typeof configHelpSchema>;

/** Result of set/del config: whether the server needs a restart to apply it. */
export interface ConfigSetResult {
  /** False when the server answered `x-minio-config-applied: true`. */
  restartRequired: boolean;
}

/** One entry of `GET /list-config-history-kv` (madmin-go ConfigHistoryEntry). */
export const configHistoryEntrySchema = z.object({
  restoreId: z.string(),
  /** RFC 3339 */
  createTime: z.string(),
  /** The configuration text that entry restores. */
  data: z.string(),
});
export type ConfigHistoryEntry = z.infer<typeof configHistoryEntrySchema>;

/** `GET /list-config-history-kv` response (decrypted); MinIO sends `null` for none. */
export const configHistorySchema = z.array(configHistoryEntrySchema).nullable();

/**
 * `POST /idp/config/check` **E** (a Stowage extension, not MinIO's): tries an identity configuration
 * (identity_openid or identity_ldap, values as a form holds them) before it is saved.
 */
export const identityConfigCheckRequestSchema = z.object({
  subSys: z.enum(['identity_openid', 'identity_ldap']),
  keyValues: z.record(z.string(), z.string()),
});
export type IdentityConfigCheckRequest = z.infer<typeof identityConfigCheckRequestSchema>;

/** What the check found, for a person to read. */
export const identityConfigCheckResponseSchema = z.object({ message: z.string() });
export type IdentityConfigCheckResponse = z.infer<typeof identityConfigCheckResponseSchema>;

/**
 * The keys MinIO's config help marks `Secret` (a password or token), by sub-system. MinIO does not send the
 * flag (`json:"-"`, and madmin-go decodes help strictly), so clients that mask such values, like the
 * console's forms, read it here; the embedded store, which uses MinIO's key names, marks the same keys.
 */
export const secretConfigKeys: Readonly<Record<string, readonly string[]>> = {
  identity_openid: ['client_secret'],
  identity_ldap: ['lookup_bind_password'],
  identity_plugin: ['auth_token'],
  policy_plugin: ['auth_token'],
  logger_webhook: ['auth_token'],
  audit_webhook: ['auth_token'],
  notify_webhook: ['auth_token'],
  notify_kafka: ['sasl_password'],
  notify_mqtt: ['password'],
  notify_nats: ['password', 'token'],
  notify_elasticsearch: ['password'],
  notify_redis: ['password'],
};

/** Whether `key` of the sub-system `subSys` (no `:target`) is a password or token to mask. */
export function isSecretConfigKey(subSys: string, key: string): boolean {
  return secretConfigKeys[subSys]?.includes(key) ?? false;
}
