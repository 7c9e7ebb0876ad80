// SPDX-License-Identifier: Apache-2.0
// Admin API: console log stream (PROTOCOL-NOTES §2, §7; madmin-go api-log.go).
import type { AdminTransport } from '../transport.js';
import { type LogInfo, type LogOpts, logInfoSchema } from '../types/logs.js';

/**
 * `GET /log?node=&limit=&logType=` as an async iterator: the last `limit` entries first, then live
 * ones until the caller stops (break or `signal`).
 */
export async function* getLogs(
  t: AdminTransport,
  opts: LogOpts = {},
  signal?: AbortSignal,
): AsyncGenerator<LogInfo, void, undefined> {
  const limit = opts.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError('limit must be a non-negative integer');
  const logType = opts.logType ?? 'ALL';
  if (!['MINIO', 'APPLICATION', 'ALL'].includes(logType)) throw new TypeError(`unknown logType ${logType}`);
  yield* t.stream(logInfoSchema, {
    method: 'GET',
    path: '/log',
    query: { node: opts.node ?? '', limit: String(limit), logType },
    signal,
  });
}
