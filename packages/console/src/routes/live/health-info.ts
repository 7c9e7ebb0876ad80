// SPDX-License-Identifier: Apache-2.0
import { type DiagnosticMessage, healthInfoQuerySchema, wsPaths } from '@stowage/contracts';
import type { HealthDataType, HealthInfo } from '@stowage/madmin';
import type { RouteContext, ZodApp } from '../route-context.js';
import { relayToSocket } from './relay.js';

/** What the diagnostic asks for: the server, its configuration, and the system it runs on. */
const DIAGNOSTIC_TYPES: readonly HealthDataType[] = [
  'minioinfo',
  'minioconfig',
  'syscpu',
  'sysdrivehw',
  'sysosinfo',
  'sysmem',
  'sysload',
  'sysnet',
  'sysprocess',
  'syserrors',
  'sysservices',
  'sysconfig',
];

/** Milliseconds of a duration such as `1h`, `90s` or `1h30m` (the query schema checked its form). */
export function durationMs(text: string): number {
  const unit = { h: 3_600_000, m: 60_000, s: 1000 } as const;
  let ms = 0;
  for (const [, n, u] of text.matchAll(/(\d+)(h|m|s)/g)) ms += Number(n) * unit[u as keyof typeof unit];
  return ms;
}

/** A health report snapshot as the diagnostic message. */
export function diagnosticMessage(info: HealthInfo): DiagnosticMessage {
  return { timestamp: info.timestamp ?? new Date().toISOString(), serverHealthInfo: info };
}

/**
 * `GET /ws/health-info?deadline=1h` (spec 3 §7, §4 "Diagnostic"): the server's health report with the
 * user's own credentials (admin:OBDInfo), one message per snapshot as the server gathers it; the socket
 * closes with 1000 when the report is complete (the page then offers diagnostic.json), with 1011 and the
 * reason when the server refuses or fails.
 */
export function registerHealthInfo(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    wsPaths.healthInfo,
    { websocket: true, schema: { hide: true, querystring: healthInfoQuerySchema } },
    (socket, request) => {
      const deadline = durationMs(request.query.deadline);
      relayToSocket(
        socket,
        (signal) => request.session.admin.serverHealthInfo(DIAGNOSTIC_TYPES, deadline, signal),
        diagnosticMessage,
        'The diagnostic is complete.',
      );
    },
  );
}
