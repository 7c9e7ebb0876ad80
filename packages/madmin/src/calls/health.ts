// SPDX-License-Identifier: Apache-2.0
// Admin API: health report (PROTOCOL-NOTES §2, §7; madmin-go health.go).
import { MadminError } from '../errors.js';
import type { AdminTransport } from '../transport.js';
import { type HealthDataType, type HealthInfo, healthInfoSchema } from '../types/health.js';
import { goDuration } from './trace.js';

const ALL_TYPES: readonly HealthDataType[] = [
  'minioinfo',
  'minioconfig',
  'syscpu',
  'sysdrivehw',
  'sysdocker',
  'sysosinfo',
  'sysload',
  'sysmem',
  'sysnet',
  'sysprocess',
  'syserrors',
  'sysservices',
  'sysconfig',
];

/**
 * `GET /healthinfo?deadline=&<type>=true|false` as an async iterator of ever more complete
 * snapshots (5 s keep-alives in between); the last one is the report. A snapshot carrying `error`
 * ends the iteration with a MadminError.
 */
export async function* serverHealthInfo(
  t: AdminTransport,
  types: readonly HealthDataType[],
  deadlineMs = 3_600_000,
  signal?: AbortSignal,
): AsyncGenerator<HealthInfo, void, undefined> {
  const query: Record<string, string> = { deadline: goDuration(Math.floor(deadlineMs / 1000) * 1000) };
  for (const type of ALL_TYPES) query[type] = 'false';
  for (const type of types) {
    if (!ALL_TYPES.includes(type)) throw new TypeError(`unknown health data type ${type}`);
    query[type] = 'true';
  }
  for await (const snapshot of t.stream(healthInfoSchema, {
    method: 'GET',
    path: '/healthinfo',
    query,
    signal,
  })) {
    if (snapshot.error) {
      throw new MadminError({ code: 'XMinioHealthInfoError', message: snapshot.error, status: 200 });
    }
    yield snapshot;
  }
}
