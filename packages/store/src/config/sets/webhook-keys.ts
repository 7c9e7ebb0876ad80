// SPDX-License-Identifier: Apache-2.0
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { parseGoDuration } from '../duration.js';
import type { ConfigKeyDef, ResolvedSet } from '../registry.js';
import { isOn } from '../registry.js';

/**
 * Keys shared by `logger_webhook` and `audit_webhook` (MinIO's names, defaults and environment
 * variables: `MINIO_LOGGER_WEBHOOK_<KEY>` / `MINIO_AUDIT_WEBHOOK_<KEY>`, `_<TARGET>` for named targets).
 */

/** A Go duration (`3s`, `500ms`, `1m30s`) in milliseconds; undefined when it is not one. */
export function parseDurationMs(value: string): number | undefined {
  const ns = parseGoDuration(value.trim());
  return ns === null ? undefined : ns / 1e6;
}

function positiveInteger(value: string): string | undefined {
  return /^[1-9]\d*$/.test(value.trim()) ? undefined : 'must be a whole number of at least 1';
}

/** An http:// or https:// URL (empty passes: the set decides whether the key is needed). */
export function httpUrl(value: string): string | undefined {
  if (value === '') return undefined;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:'
      ? undefined
      : 'must be an http:// or https:// URL';
  } catch {
    return 'must be an http:// or https:// URL';
  }
}

function duration(min: number, max: number): (value: string) => string | undefined {
  return (value) => {
    const ms = parseDurationMs(value);
    if (ms === undefined) return 'must be a duration such as 500ms, 3s or 1m';
    if (ms < min) return `must be at least ${min >= 1000 ? `${min / 1000}s` : `${min}ms`}`;
    if (ms > max) return `must be at most ${max / 1000}s`;
    return undefined;
  };
}

/** The keys of one webhook set, in MinIO's order; `proxy` exists only for logger webhooks. */
export function webhookKeys(kind: 'logger' | 'audit'): ConfigKeyDef[] {
  const what = kind === 'logger' ? 'server log' : 'audit';
  return [
    {
      key: 'enable',
      type: 'on|off',
      description: `enable the ${what} webhook target`,
      optional: true,
      default: 'off',
    },
    {
      key: 'endpoint',
      type: 'url',
      description: `HTTP(s) endpoint, e.g. "http://localhost:8080/minio/logs/${kind === 'logger' ? 'server' : 'audit'}"`,
      optional: false,
      default: '',
      validate: httpUrl,
    },
    {
      key: 'auth_token',
      type: 'string',
      description: 'opaque string or JWT authorization token, sent as the Authorization header as given',
      optional: true,
      default: '',
      sensitive: true,
    },
    {
      key: 'client_cert',
      type: 'string',
      description: 'mTLS certificate (PEM file) for webhook authentication',
      optional: true,
      default: '',
    },
    {
      key: 'client_key',
      type: 'string',
      description: 'mTLS certificate key (PEM file) for webhook authentication',
      optional: true,
      default: '',
    },
    ...(kind === 'logger'
      ? [
          {
            key: 'proxy',
            type: 'string',
            description: 'proxy URL endpoint, e.g. http(s)://proxy',
            optional: true,
            default: '',
            validate: httpUrl,
          } satisfies ConfigKeyDef,
        ]
      : []),
    {
      key: 'batch_size',
      type: 'number',
      description: 'number of records sent in one request',
      optional: true,
      default: '1',
      validate: positiveInteger,
    },
    {
      key: 'queue_size',
      type: 'number',
      description:
        'most records waiting for delivery; beyond it records are refused and reported in the server log',
      optional: true,
      default: '100000',
      validate: positiveInteger,
    },
    {
      key: 'queue_dir',
      type: 'string',
      description: `staging dir for undelivered ${kind} records, e.g. '/home/${kind}-events' (default: a folder in the data dir)`,
      optional: true,
      default: '',
    },
    {
      key: 'retry_interval',
      type: 'duration',
      description: 'longest wait between retries while the endpoint is down',
      optional: true,
      default: '3s',
      validate: duration(1, 60_000),
    },
    {
      key: 'http_timeout',
      type: 'duration',
      description: 'how long one delivery request may take',
      optional: true,
      default: '5s',
      validate: duration(1000, 3_600_000),
    },
  ];
}

/** Whole-target check: an enabled target needs an endpoint; a client certificate needs its key. */
export function validateWebhookTarget(kv: ResolvedSet): string | undefined {
  const v = kv.values;
  if (isOn(v.enable) && !v.endpoint) return "'endpoint' is required when the target is enabled";
  if (Boolean(v.client_cert) !== Boolean(v.client_key))
    return "'client_cert' and 'client_key' must be given together";
  if (v.client_cert && v.client_key) {
    try {
      createSecureContext({ cert: readFileSync(v.client_cert), key: readFileSync(v.client_key) });
    } catch (err) {
      return `'client_cert'/'client_key' cannot be used: ${(err as Error).message}`;
    }
  }
  return undefined;
}
