// SPDX-License-Identifier: Apache-2.0
import type { ConfigKeyDef } from '../registry.js';

/**
 * Key definitions several sets share (MinIO's wording): the `comment` every set carries, and the
 * `enable`/`queue_dir`/`queue_limit` keys of notification targets.
 */

/** MinIO's `comment` key (its `config.DefaultComment` help). */
export const COMMENT_KEY: ConfigKeyDef = {
  key: 'comment',
  type: 'sentence',
  description: 'optionally add a comment to this setting',
  optional: true,
  default: '',
};

/** Undelivered messages a notification target keeps by default (spec 2 §9). */
export const DEFAULT_QUEUE_LIMIT = '10000';

/** Checks a whole non-negative number (limits, counts). */
export function wholeNumber(value: string): string | undefined {
  return /^\d+$/.test(value) ? undefined : `"${value}" is not a whole number`;
}

/** `enable` of a notification target (MinIO: "Enable or disable notifications", default off). */
export const NOTIFY_ENABLE_KEY: ConfigKeyDef = {
  key: 'enable',
  type: 'on|off',
  description: 'Enable or disable notifications',
  optional: true,
  default: 'off',
};

/** `queue_dir`, `queue_limit` and `comment`, which every notification target has. */
export const NOTIFY_QUEUE_KEYS: readonly ConfigKeyDef[] = [
  {
    key: 'queue_dir',
    type: 'path',
    description: "staging dir for undelivered messages e.g. '/home/events'",
    optional: true,
    default: '',
  },
  {
    key: 'queue_limit',
    type: 'number',
    description: `maximum limit for undelivered messages, defaults to '${DEFAULT_QUEUE_LIMIT}'`,
    optional: true,
    default: DEFAULT_QUEUE_LIMIT,
    validate: wholeNumber,
  },
  COMMENT_KEY,
];

/** MinIO's `format` key of the database-like targets (postgres, mysql, redis, elasticsearch). */
export const NOTIFY_FORMAT_KEY: ConfigKeyDef = {
  key: 'format',
  type: 'enum',
  values: ['namespace', 'access'],
  description:
    "'namespace' reflects current bucket/object list and 'access' reflects a journal of object operations, defaults to 'namespace'",
  optional: false,
  default: 'namespace',
};

/** A required string key of a notification target. */
export function requiredKey(
  key: string,
  description: string,
  type: ConfigKeyDef['type'] = 'string',
  sensitive = false,
): ConfigKeyDef {
  return { key, type, description, optional: false, default: '', ...(sensitive ? { sensitive } : {}) };
}

/** An optional key with a default. */
export function optionalKey(
  key: string,
  type: ConfigKeyDef['type'],
  description: string,
  defaultValue = '',
  sensitive = false,
): ConfigKeyDef {
  return {
    key,
    type,
    description,
    optional: true,
    default: defaultValue,
    ...(sensitive ? { sensitive } : {}),
    ...(type === 'number' ? { validate: wholeNumber } : {}),
  };
}

/** `tls` and `tls_skip_verify` of the targets that speak TLS themselves (kafka, nats, nsq). */
export const NOTIFY_TLS_KEYS: readonly ConfigKeyDef[] = [
  optionalKey('tls', 'on|off', "set to 'on' to enable TLS", 'off'),
  optionalKey(
    'tls_skip_verify',
    'on|off',
    'trust server TLS without verification, defaults to "on" (verify)',
    'off',
  ),
];

/** `max_open_connections` of the SQL targets (postgres, mysql). */
export const SQL_MAX_OPEN_CONNECTIONS_KEY: ConfigKeyDef = optionalKey(
  'max_open_connections',
  'number',
  'To set the maximum number of open connections to the database. The value is set to `2` by default.',
  '2',
);
