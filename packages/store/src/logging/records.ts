// SPDX-License-Identifier: Apache-2.0
import { STATUS_CODES } from 'node:http';
import type { AuditEntryFields } from '@stowage/madmin';
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

/** One audit record: its JSON (an {@link AuditRecord}) and its searchable fields. */
export interface AuditEntry {
  json: string;
  fields: AuditEntryFields;
}

const str = JSON.stringify;
/** A number as JSON (`null` for one that is not finite, as JSON.stringify writes it). */
const num = (n: number): string => (Number.isFinite(n) ? String(n) : 'null');

/** The headers as a JSON object: Go's canonical names, no Authorization, secrets redacted, ETag unquoted. */
function headersJson(h: Record<string, string>): string {
  let s = '';
  for (const k in h) {
    if (k === 'authorization') continue;
    let v = SECRET_HEADERS.has(k) ? REDACTED : (h[k] as string);
    if (k === 'etag') v = v.replace(/^"|"$/g, '');
    s += `${s === '' ? '' : ','}${str(canonical(k))}:${str(v)}`;
  }
  return `{${s}}`;
}

/** The query as a JSON object (repeated names joined by commas, signatures redacted); '' when none. */
function queryJson(rawQuery: string): string {
  if (!rawQuery) return '';
  const query = new Map<string, string>();
  for (const [k, v] of new URLSearchParams(rawQuery)) {
    const prev = query.get(k);
    query.set(k, SECRET_QUERY.has(k.toLowerCase()) ? REDACTED : prev === undefined ? v : `${prev},${v}`);
  }
  if (query.size === 0) return '';
  let s = '';
  for (const [k, v] of query) s += `${s === '' ? '' : ','}${str(k)}:${str(v)}`;
  return `{${s}}`;
}

/**
 * The audit record of one finished request, written as JSON straight from the trace event (the same
 * document, key for key, as `JSON.stringify` of an {@link AuditRecord}; no intermediate objects: it runs
 * once per request).
 */
export function auditEntry(e: TraceEvent, deploymentId: string): AuditEntry {
  const time = e.time.toISOString();
  const name = e.apiName ?? apiName(e.funcName);
  const status = STATUS_CODES[e.statusCode] ?? '';
  const type = e.api === 'admin' ? 'Admin' : e.api === 'sts' ? 'STS' : 'S3';
  let s = `{"version":"1","deploymentid":${str(deploymentId)},"time":"${time}","event":"","type":"${type}","trigger":"incoming","api":{"name":${str(name)}`;
  if (e.bucket) s += `,"bucket":${str(e.bucket)}`;
  if (e.object) s += `,"object":${str(e.object)}`;
  s += `,"status":${str(status)},"statusCode":${num(e.statusCode)},"rx":${num(e.inputBytes)},"tx":${num(e.outputBytes)}`;
  if (e.timeToFirstByteNs !== undefined) {
    s += `,"timeToFirstByte":${str(goDuration(e.timeToFirstByteNs))},"timeToFirstByteInNS":"${e.timeToFirstByteNs}"`;
  }
  s += `,"timeToResponse":${str(goDuration(e.durationNs))},"timeToResponseInNS":"${e.durationNs}"}`;
  s += `,"remotehost":${str(e.clientIp)},"requestID":${str(e.requestId)}`;
  if (e.userAgent) s += `,"userAgent":${str(e.userAgent)}`;
  s += `,"requestPath":${str(e.path)}`;
  if (e.host) s += `,"requestHost":${str(e.host)}`;
  const query = queryJson(e.rawQuery);
  if (query) s += `,"requestQuery":${query}`;
  s += `,"requestHeader":${headersJson(e.requestHeaders)},"responseHeader":${headersJson(e.responseHeaders)}`;
  if (e.accessKey) s += `,"accessKey":${str(e.accessKey)}`;
  if (e.parentUser) s += `,"parentUser":${str(e.parentUser)}`;
  if (e.error) s += `,"error":${str(e.error)}`;
  return {
    json: `${s}}`,
    fields: {
      time,
      api: name,
      bucket: e.bucket,
      object: e.object,
      remotehost: e.clientIp,
      requestID: e.requestId,
      userAgent: e.userAgent,
      status,
      statusCode: e.statusCode,
      rx: e.inputBytes,
      tx: e.outputBytes,
      timeToResponseNs: e.durationNs,
    },
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
