// SPDX-License-Identifier: Apache-2.0
import type { TraceInfo } from '@stowage/madmin';
import { parseGoDuration } from '../../config/duration.js';
import { S3Error } from '../../core/errors.js';
import { liveStream } from '../../core/live-stream.js';
import type { TraceEvent } from '../../events/trace-events.js';
import { serverEndpoint } from '../backend-info.js';
import type { AdminOperation } from '../call.js';

/** madmin trace type bits (madmin-go trace.go): S3 API calls and internal (admin, STS, health) calls. */
export const TRACE_TYPE_S3 = 1 << 2;
export const TRACE_TYPE_INTERNAL = 1 << 3;

function multiHeaders(h: Record<string, string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(h)) out[k] = [v];
  return out;
}

/** A finished request as madmin's `TraceInfo` (PROTOCOL-NOTES §2 `GET /trace`). */
export function traceInfo(e: TraceEvent, nodeName: string): TraceInfo {
  const start = e.time.toISOString();
  const end = new Date(e.time.getTime() + e.durationNs / 1e6).toISOString();
  return {
    type: e.api === 's3' ? TRACE_TYPE_S3 : TRACE_TYPE_INTERNAL,
    nodename: nodeName,
    funcname: e.funcName,
    time: start,
    path: e.path,
    dur: e.durationNs,
    ...(e.error ? { error: e.error } : {}),
    http: {
      request: {
        time: start,
        proto: 'HTTP/1.1',
        method: e.method,
        path: e.path,
        rawquery: e.rawQuery,
        headers: multiHeaders(e.requestHeaders),
        client: e.clientIp,
      },
      response: { time: end, headers: multiHeaders(e.responseHeaders), statuscode: e.statusCode },
      stats: {
        inputbytes: e.inputBytes,
        outputbytes: e.outputBytes,
        latency: e.durationNs,
        timetofirstbyte: 0,
      },
    },
  };
}

/** Which finished requests a trace subscription gets (the query of `GET /trace`). */
export interface TraceFilter {
  /** Bits of TRACE_TYPE_S3 / TRACE_TYPE_INTERNAL. */
  types: number;
  /** Failed calls only (status ≥ 400). */
  onlyErrors: boolean;
  /** Calls that took at least this long. */
  thresholdNs: number;
}

/** Reads a trace query: `s3`, `internal`, `err` (`true`/`false`) and `threshold` (a Go duration). */
export function traceFilterOf(query: URLSearchParams): TraceFilter {
  const flag = (name: string): boolean => query.get(name) === 'true';
  const thresholdText = query.get('threshold') || '0s';
  const thresholdNs = parseGoDuration(thresholdText);
  if (thresholdNs === null) {
    throw new S3Error('XMinioAdminInvalidArgument', `threshold '${thresholdText}' is not a duration`);
  }
  return {
    types: (flag('s3') ? TRACE_TYPE_S3 : 0) | (flag('internal') ? TRACE_TYPE_INTERNAL : 0),
    onlyErrors: flag('err'),
    thresholdNs,
  };
}

export function traceMatches(
  f: TraceFilter,
  e: Pick<TraceEvent, 'api' | 'statusCode' | 'durationNs'>,
): boolean {
  const type = e.api === 's3' ? TRACE_TYPE_S3 : TRACE_TYPE_INTERNAL;
  return (f.types & type) !== 0 && (!f.onlyErrors || e.statusCode >= 400) && e.durationNs >= f.thresholdNs;
}

/**
 * Admin API: ServerTrace — `GET /trace?s3=true&internal=…&err=…&threshold=…` → a stream of `TraceInfo`
 * JSON values, one per finished request that matches (`traceMatches`), with single-space keep-alives,
 * until the client goes away or the store closes. `s3` selects S3 API calls, `internal` the admin, STS and
 * health calls.
 */
export const serverTrace: AdminOperation = async (call) => {
  const filter = traceFilterOf(call.query);
  const nodeName = serverEndpoint(call.ctx);
  return liveStream({
    signal: call.req.signal,
    shutdown: call.ctx.shutdown,
    subscribe: (push) => {
      const listener = (e: TraceEvent): void => {
        if (traceMatches(filter, e)) push(traceInfo(e, nodeName));
      };
      call.ctx.trace.on('request', listener);
      return () => call.ctx.trace.off('request', listener);
    },
  });
};
