// SPDX-License-Identifier: Apache-2.0
import { STATUS_CODES } from 'node:http';
import { type TraceMessage, traceQuerySchema, wsPaths } from '@stowage/contracts';
import type { ServiceTraceOpts, TraceInfo } from '@stowage/madmin';
import type { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { relayToSocket } from './relay.js';

type ParsedTraceQuery = z.output<typeof traceQuerySchema>;

/** The madmin subscription for a console trace query: which kinds, errors only, the threshold. */
export function traceOptions(q: ParsedTraceQuery): ServiceTraceOpts {
  const all = q.calls === 'all';
  return {
    s3: all || q.calls === 's3',
    internal: all || q.calls === 'internal',
    storage: all || q.calls === 'storage',
    os: all || q.calls === 'os',
    onlyErrors: q.onlyErrors === 'yes',
    thresholdMs: q.threshold,
  };
}

const contains = (text: string, part: string | undefined): boolean =>
  part === undefined || text.toLowerCase().includes(part.toLowerCase());

/**
 * A madmin trace event as the console's trace message, or null when the query's own filters leave it out
 * (status code and method exactly, function name and path as substrings, ignoring case).
 */
export function traceMessage(e: TraceInfo, q: ParsedTraceQuery): TraceMessage | null {
  const statusCode = e.http?.response.statuscode ?? 0;
  const method = e.http?.request.method ?? '';
  if (q.statusCode !== undefined && statusCode !== q.statusCode) return null;
  if (q.method !== undefined && method.toUpperCase() !== q.method.toUpperCase()) return null;
  const funcname = e.funcname ?? '';
  const path = e.path ?? '';
  if (!contains(funcname, q.funcname) || !contains(path, q.path)) return null;
  return {
    time: e.time ?? '',
    api: funcname,
    method,
    path,
    statusCode,
    statusMsg: STATUS_CODES[statusCode] ?? '',
    host: e.nodename ?? '',
    client: e.http?.request.client ?? '',
    ...(e.error ? { error: e.error } : {}),
    callStats: {
      duration: (e.dur ?? 0) / 1e6,
      rx: e.http?.stats.inputbytes ?? 0,
      tx: e.http?.stats.outputbytes ?? 0,
    },
  };
}

/**
 * `GET /ws/trace` (spec 3 §7): a WebSocket that relays the store's admin trace with the signed-in user's
 * own credentials (so it needs admin:ServerTrace), one JSON trace message per call. It runs until either
 * side closes; when the store ends the stream the socket closes with 1011 and the reason.
 */
export function registerTrace(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    wsPaths.trace,
    { websocket: true, schema: { hide: true, querystring: traceQuerySchema } },
    (socket, request) => {
      const query = request.query;
      relayToSocket(
        socket,
        // The admin client is reached inside the relay, so a server without the admin API closes the socket
        // with the reason instead of failing the upgrade.
        (signal) => request.session.admin.serverTrace(traceOptions(query), signal),
        (e) => traceMessage(e, query),
      );
    },
  );
}
