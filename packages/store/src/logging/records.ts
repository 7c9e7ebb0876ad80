// SPDX-License-Identifier: Apache-2.0
import { STATUS_CODES } from 'node:http';
import type { TraceEvent } from '../events/trace-events.js';
import type { LogEntry } from '../log/store-log.js';

/**
 * What the webhooks send, in MinIO's JSON: audit entries (minio/pkg `logger/message/audit.Entry`) and
 * server log entries (`logger/message/log.Entry`), so receivers written for MinIO read them unchanged.
 */

/** MinIO's audit entry (version 1). */
export interface AuditRecord {
  version: '1';
  deploymentid: string;
  time: string;
  event: string;
  type: string;
  trigger: 'incoming';
  api: {
    name: string;
    bucket?: string;
    object?: string;
    status: string;
    statusCode: number;
    rx: number;
    tx: number;
    timeToFirstByte?: string;
    timeToFirstByteInNS?: string;
    timeToResponse: string;
    timeToResponseInNS: string;
  };
  remotehost: string;
  requestID: string;
  userAgent?: string;
  requestPath: string;
  requestHost?: string;
  requestQuery?: Record<string, string>;
  requestHeader: Record<string, string>;
  responseHeader: Record<string, string>;
  accessKey?: string;
  parentUser?: string;
  error?: string;
}

/** MinIO's server log entry. */
export interface LogRecord {
  deploymentid?: string;
  level: string;
  errKind: string;
  time: string;
  api?: { name: string; args?: { bucket?: string; object?: string } };
  host?: string;
  requestID?: string;
  message: string;
  error?: { message: string; source: string[] };
}

const REDACTED = '*REDACTED*';
/** Header values that are credentials: kept out of audit records. */
const SECRET_HEADERS = new Set([
  'x-amz-security-token',
  'cookie',
  'x-amz-server-side-encryption-customer-key',
  'x-amz-copy-source-server-side-encryption-customer-key',
]);
const SECRET_QUERY = new Set(['x-amz-signature', 'x-amz-security-token', 'signature']);

/** Canonical forms of the header names seen (every request repeats the same few), bounded. */
const CANONICAL = new Map<string, string>();
const CANONICAL_MAX = 1024;

/** `content-type` → `Content-Type`, `etag` → `Etag`: Go's canonical header keys, as MinIO's records have. */
function canonical(name: string): string {
  let c = CANONICAL.get(name);
  if (c === undefined) {
    c = name.replace(/(^|-)([a-z])/g, (_, dash: string, ch: string) => dash + ch.toUpperCase());
    if (CANONICAL.size >= CANONICAL_MAX) CANONICAL.clear();
    CANONICAL.set(name, c);
  }
  return c;
}

function headers(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (k === 'authorization') continue;
    out[canonical(k)] = SECRET_HEADERS.has(k) ? REDACTED : v;
  }
  return out;
}

/** Go's `time.Duration.String()` of a nanosecond count, e.g. `1.234567ms`. */
export function goDuration(ns: number): string {
  if (ns === 0) return '0s';
  if (ns < 1000) return `${ns}ns`;
  if (ns < 1e6) return `${+(ns / 1000).toFixed(3)}µs`;
  if (ns < 1e9) return `${+(ns / 1e6).toFixed(6)}ms`;
  return `${+(ns / 1e9).toFixed(9)}s`;
}

/** API name as MinIO reports it: the operation without the `s3.` / `admin.` / `sts.` prefix. */
function apiName(funcName: string): string {
  const dot = funcName.indexOf('.');
  return dot < 0 ? funcName : funcName.slice(dot + 1);
}

/** The audit record of one finished request. */
export function auditRecord(e: TraceEvent, deploymentId: string): AuditRecord {
  const query: Record<string, string> = {};
  for (const [k, v] of e.rawQuery ? new URLSearchParams(e.rawQuery) : []) {
    query[k] = SECRET_QUERY.has(k.toLowerCase()) ? REDACTED : k in query ? `${query[k]},${v}` : v;
  }
  const responseHeader = headers(e.responseHeaders);
  if (responseHeader.Etag) responseHeader.Etag = responseHeader.Etag.replace(/^"|"$/g, '');
  return {
    version: '1',
    deploymentid: deploymentId,
    time: e.time.toISOString(),
    event: '',
    type: e.api === 'admin' ? 'Admin' : e.api === 'sts' ? 'STS' : 'S3',
    trigger: 'incoming',
    api: {
      name: e.apiName ?? apiName(e.funcName),
      ...(e.bucket ? { bucket: e.bucket } : {}),
      ...(e.object ? { object: e.object } : {}),
      status: STATUS_CODES[e.statusCode] ?? '',
      statusCode: e.statusCode,
      rx: e.inputBytes,
      tx: e.outputBytes,
      ...(e.timeToFirstByteNs !== undefined
        ? {
            timeToFirstByte: goDuration(e.timeToFirstByteNs),
            timeToFirstByteInNS: String(e.timeToFirstByteNs),
          }
        : {}),
      timeToResponse: goDuration(e.durationNs),
      timeToResponseInNS: String(e.durationNs),
    },
    remotehost: e.clientIp,
    requestID: e.requestId,
    ...(e.userAgent ? { userAgent: e.userAgent } : {}),
    requestPath: e.path,
    ...(e.host ? { requestHost: e.host } : {}),
    ...(Object.keys(query).length > 0 ? { requestQuery: query } : {}),
    requestHeader: headers(e.requestHeaders),
    responseHeader,
    ...(e.accessKey ? { accessKey: e.accessKey } : {}),
    ...(e.parentUser ? { parentUser: e.parentUser } : {}),
    ...(e.error ? { error: e.error } : {}),
  };
}

/** The server log entry as MinIO's logger webhooks send it. */
export function logRecord(e: LogEntry): LogRecord {
  return {
    ...(e.deploymentid ? { deploymentid: e.deploymentid } : {}),
    level: e.level,
    errKind: e.errKind,
    time: e.time,
    ...(e.api ? { api: e.api } : {}),
    ...(e.node ? { host: e.node } : {}),
    ...(e.requestID ? { requestID: e.requestID } : {}),
    message: e.ConsoleMsg,
    ...(e.error ? { error: e.error } : {}),
  };
}
