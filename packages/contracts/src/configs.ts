// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';
import { pagePaths } from './paths.js';

/**
 * The server configuration screens (spec 2 "Settings", §3 "Settings field definition", "Configuration"):
 * the list of config sets, one set's values with its help (the form is generated from it), save, restore
 * defaults, export/import of the whole configuration and its history. Set and key names are MinIO's.
 */

/** Field types of the generated form (spec 2 §3); `sentence` is MinIO's free text (shown as a string). */
export const configKeyTypes = [
  'string',
  'number',
  'csv',
  'comment',
  'on|off',
  'url',
  'uri',
  'address',
  'duration',
  'path',
  'enum',
  'sentence',
] as const;
export type ConfigKeyType = (typeof configKeyTypes)[number];

/** A config set name, optionally with a target: `region`, `logger_webhook:audit1`. */
export const configNameSchema = z
  .string()
  .max(256)
  .regex(/^[a-z][a-z0-9_]*(:[A-Za-z0-9_.-]+)?$/, 'A configuration name is a set name, optionally :target');

/**
 * Entries of the Configurations list that open a page of their own instead of the generated form
 * (spec 2 "Some entries carry a url and then navigate to it instead").
 */
export const configPageLinks: Readonly<Record<string, string>> = {
  logger_webhook: pagePaths.webhookLogger,
  audit_webhook: pagePaths.webhookAudit,
};

/** One entry of the Configurations list (`help-config-kv` with an empty sub-system). */
export const configSetSummarySchema = z
  .object({
    name: z.string(),
    description: z.string(),
    multipleTargets: z.boolean(),
  })
  .meta({ id: 'ConfigSetSummary' });
export type ConfigSetSummary = z.infer<typeof configSetSummarySchema>;

/** GET /api/v1/configs. */
export const listConfigsResponseSchema = z
  .object({ configurations: z.array(configSetSummarySchema), total: z.number().int().nonnegative() })
  .meta({ id: 'ListConfigsResponse' });
export type ListConfigsResponse = z.infer<typeof listConfigsResponseSchema>;

/** The help of one key: what the form field is (spec 2 §3 "Settings field definition"). */
export const configKeyHelpSchema = z
  .object({
    key: z.string(),
    type: z.enum(configKeyTypes),
    description: z.string(),
    optional: z.boolean(),
    /** The value in effect when none is saved, when the server tells it ('' = none). */
    default: z.string().optional(),
    /** The environment variable that overrides the key, when the server tells it. */
    env: z.string().optional(),
    /** The choices of an `enum` key, when the server tells them. */
    values: z.array(z.string()).optional(),
    /** A password or token (MinIO's `Secret` flag): the form masks its value. Absent for other keys. */
    secret: z.literal(true).optional(),
  })
  .meta({ id: 'ConfigKeyHelp' });
export type ConfigKeyHelp = z.infer<typeof configKeyHelpSchema>;

/** One key's value as saved; `envOverride` when an environment variable decides it instead. */
export const configKeyValueSchema = z
  .object({
    key: z.string(),
    value: z.string(),
    envOverride: z.object({ name: z.string(), value: z.string() }).optional(),
  })
  .meta({ id: 'ConfigKeyValue' });
export type ConfigKeyValue = z.infer<typeof configKeyValueSchema>;

/** The values of one target of a set ('' = the default target). */
export const configTargetSchema = z
  .object({ target: z.string(), key_values: z.array(configKeyValueSchema) })
  .meta({ id: 'ConfigTarget' });
export type ConfigTarget = z.infer<typeof configTargetSchema>;

/**
 * GET /api/v1/configs/{name}: the help of every key and the values. `key_values` are those of the target
 * named in `name` (the default target when none); `targets` lists every configured target of a
 * multi-target set.
 */
export const configDetailSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    multipleTargets: z.boolean(),
    help: z.array(configKeyHelpSchema),
    key_values: z.array(configKeyValueSchema),
    targets: z.array(configTargetSchema),
  })
  .meta({ id: 'ConfigDetail' });
export type ConfigDetail = z.infer<typeof configDetailSchema>;

const configKeySchema = z
  .string()
  .min(1, 'A configuration key is required')
  .max(128)
  .regex(/^[a-z][a-z0-9_]*$/, 'A configuration key is lower-case letters, digits and underscores');

/** PUT /api/v1/configs/{name} (spec 2 §7): the keys to save, each with its value. */
export const setConfigRequestSchema = z
  .object({
    key_values: z
      .array(z.object({ key: configKeySchema, value: z.string().max(64 * 1024) }))
      .min(1, 'Nothing to save: give at least one key and value')
      .max(200),
  })
  .meta({ id: 'SetConfigRequest' });
export type SetConfigRequest = z.infer<typeof setConfigRequestSchema>;

/** Answer of every configuration write: whether the server must restart for it to take effect. */
export const configWriteResponseSchema = z
  .object({ restart: z.boolean() })
  .meta({ id: 'ConfigWriteResponse' });
export type ConfigWriteResponse = z.infer<typeof configWriteResponseSchema>;

/** Largest configuration file accepted by import (MinIO refuses bigger ones: XMinioAdminConfigTooLarge). */
export const MAX_CONFIG_FILE_BYTES = 256 * 1024;

/** POST /api/v1/configs/import: the text of an exported configuration file. */
export const importConfigRequestSchema = z
  .object({
    config: z
      .string()
      .refine(
        (v) => new TextEncoder().encode(v).length <= MAX_CONFIG_FILE_BYTES,
        `The configuration file is larger than ${MAX_CONFIG_FILE_BYTES / 1024} KiB`,
      )
      .refine((v) => v.trim() !== '', 'The configuration file is empty'),
  })
  .meta({ id: 'ImportConfigRequest' });
export type ImportConfigRequest = z.infer<typeof importConfigRequestSchema>;

/** One saved configuration change that can be restored (`list-config-history-kv`). */
export const configHistoryEntrySchema = z
  .object({ restoreId: z.string(), createTime: z.string(), data: z.string() })
  .meta({ id: 'ConfigHistoryEntry' });
export type ConfigHistoryEntry = z.infer<typeof configHistoryEntrySchema>;

/** GET /api/v1/configs/history, newest first. */
export const configHistoryResponseSchema = z
  .object({ entries: z.array(configHistoryEntrySchema), total: z.number().int().nonnegative() })
  .meta({ id: 'ConfigHistoryResponse' });
export type ConfigHistoryResponse = z.infer<typeof configHistoryResponseSchema>;

/** `?count=` of the history (MinIO's default 10). */
export const configHistoryQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(1000).default(10),
});

/** The file name offered by GET /api/v1/configs/export. */
export const CONFIG_EXPORT_FILE_NAME = 'config.txt';

/** POST /api/v1/configs/{name}/check answer: what the test of identity_openid / identity_ldap found. */
export const configCheckResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'ConfigCheckResponse' });
export type ConfigCheckResponse = z.infer<typeof configCheckResponseSchema>;
