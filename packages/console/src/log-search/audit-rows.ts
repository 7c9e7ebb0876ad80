// SPDX-License-Identifier: Apache-2.0
import type { AuditFilterField, AuditLogRecord } from '@stowage/contracts';
import type { AuditEntryFields } from '@stowage/madmin';

/**
 * Audit records as rows of the log search database, and the one SQL both databases run: the column
 * list, the insert, and the search's WHERE/ORDER/LIMIT built with the database's own placeholders.
 */

/** One row: the searchable columns and the record itself (JSON text). */
export interface AuditRow {
  time: string;
  api_name: string;
  bucket: string;
  object: string;
  remote_host: string;
  request_id: string;
  user_agent: string;
  response_status: string;
  response_status_code: number;
  request_content_length: number;
  response_content_length: number;
  time_to_response_ns: number;
  record: string;
}

export const AUDIT_COLUMNS = [
  'time',
  'api_name',
  'bucket',
  'object',
  'remote_host',
  'request_id',
  'user_agent',
  'response_status',
  'response_status_code',
  'request_content_length',
  'response_content_length',
  'time_to_response_ns',
  'record',
] as const satisfies readonly (keyof AuditRow)[];

/**
 * The table and its indexes; `id` is the database's auto-increment key (arrival order, the tie-break of
 * equal times) and `bigint` its 64-bit integer type. Times are ISO 8601 text in UTC, which sorts as time
 * does; a record delivered twice (same request id and time) is kept once.
 */
export function auditSchema(id: string, bigint: string): string {
  return `
CREATE TABLE IF NOT EXISTS audit_log (
  id ${id},
  time TEXT NOT NULL,
  api_name TEXT NOT NULL,
  bucket TEXT NOT NULL,
  object TEXT NOT NULL,
  remote_host TEXT NOT NULL,
  request_id TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  response_status TEXT NOT NULL,
  response_status_code INTEGER NOT NULL,
  request_content_length ${bigint} NOT NULL,
  response_content_length ${bigint} NOT NULL,
  time_to_response_ns ${bigint} NOT NULL,
  record TEXT NOT NULL,
  UNIQUE (request_id, time)
);
CREATE INDEX IF NOT EXISTS audit_log_time ON audit_log (time, id);
CREATE INDEX IF NOT EXISTS audit_log_bucket ON audit_log (bucket, object);
CREATE INDEX IF NOT EXISTS audit_log_api ON audit_log (api_name);
CREATE INDEX IF NOT EXISTS audit_log_request ON audit_log (request_id);
`;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : 0;
};

/**
 * A MinIO audit entry (version 1: `time`, `api{name,bucket,object,status,statusCode,rx,tx,timeToResponse…}`,
 * `remotehost`, `requestID`, `userAgent`) as a row; null when it is not an audit entry.
 */
export function auditRow(entry: unknown): AuditRow | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const e = entry as Record<string, unknown>;
  const api = (typeof e.api === 'object' && e.api !== null ? e.api : {}) as Record<string, unknown>;
  const time = Date.parse(text(e.time));
  if (!Number.isFinite(time) || text(api.name) === '') return null;
  return {
    time: new Date(time).toISOString(),
    api_name: text(api.name),
    bucket: text(api.bucket),
    object: text(api.object),
    remote_host: text(e.remotehost),
    request_id: text(e.requestID),
    user_agent: text(e.userAgent),
    response_status: text(api.status),
    response_status_code: num(api.statusCode),
    request_content_length: num(api.rx),
    response_content_length: num(api.tx),
    time_to_response_ns: num(api.timeToResponseInNS),
    record: JSON.stringify(entry),
  };
}

/** A record the embedded store hands over in process: its JSON, and its fields when it has them. */
export interface LocalAuditRecord {
  json: Buffer;
  audit?: AuditEntryFields;
}

/**
 * The rows of records handed over in process: from their fields where given, else (records an earlier
 * run queued) from their JSON; what is not an audit record is skipped.
 */
export function localAuditRows(records: readonly LocalAuditRecord[]): AuditRow[] {
  const rows: AuditRow[] = [];
  for (const { json, audit: f } of records) {
    if (!f) {
      let value: unknown;
      try {
        value = JSON.parse(json.toString());
      } catch {
        continue;
      }
      const row = auditRow(value);
      if (row) rows.push(row);
      continue;
    }
    if (f.api === '') continue;
    rows.push({
      time: f.time,
      api_name: f.api,
      bucket: f.bucket,
      object: f.object,
      remote_host: f.remotehost,
      request_id: f.requestID,
      user_agent: f.userAgent,
      response_status: f.status,
      response_status_code: f.statusCode,
      request_content_length: f.rx,
      response_content_length: f.tx,
      time_to_response_ns: f.timeToResponseNs,
      record: json.toString(),
    });
  }
  return rows;
}

/** A row as the search answer's record. */
export function auditRecord(row: AuditRow): AuditLogRecord {
  return {
    time: new Date(row.time).toISOString(),
    api_name: row.api_name,
    bucket: row.bucket,
    object: row.object,
    remote_host: row.remote_host,
    request_id: row.request_id,
    user_agent: row.user_agent,
    response_status: row.response_status,
    response_status_code: Number(row.response_status_code),
    request_content_length: Number(row.request_content_length),
    response_content_length: Number(row.response_content_length),
    time_to_response_ns: Number(row.time_to_response_ns),
    record: JSON.parse(row.record) as Record<string, unknown>,
  };
}

/** What a search asks for (the parsed query). */
export interface AuditSearch {
  filters: { field: AuditFilterField; value: string }[];
  pageSize: number;
  pageNo: number;
  order: 'timeDesc' | 'timeAsc';
  timeStart?: string;
  timeEnd?: string;
}

/** `field:value` filters as pairs (the contract checked the field names). */
export function parseFilters(fp: readonly string[]): AuditSearch['filters'] {
  return fp.map((f) => {
    const colon = f.indexOf(':');
    return { field: f.slice(0, colon) as AuditFilterField, value: f.slice(colon + 1) };
  });
}

/** `*` matches any text; LIKE's own wildcards and the escape are taken literally. */
function likePattern(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

/**
 * The search's SQL after `SELECT … FROM audit_log`: filters (exact, or LIKE when the value has a `*`),
 * the time range, the order (time, then arrival) and the page. `placeholder(n)` is the database's
 * parameter marker for the n-th (1-based) parameter.
 */
export function searchSql(
  s: AuditSearch,
  placeholder: (n: number) => string,
): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (v: unknown): string => {
    params.push(v);
    return placeholder(params.length);
  };
  for (const { field, value } of s.filters) {
    if (value.includes('*')) where.push(`${field} LIKE ${param(likePattern(value))} ESCAPE '\\'`);
    else where.push(`${field} = ${param(value)}`);
  }
  if (s.timeStart) where.push(`time >= ${param(new Date(s.timeStart).toISOString())}`);
  if (s.timeEnd) where.push(`time <= ${param(new Date(s.timeEnd).toISOString())}`);
  const dir = s.order === 'timeAsc' ? 'ASC' : 'DESC';
  const sql =
    `${where.length > 0 ? `WHERE ${where.join(' AND ')} ` : ''}ORDER BY time ${dir}, id ${dir} ` +
    `LIMIT ${param(s.pageSize)} OFFSET ${param(s.pageNo * s.pageSize)}`;
  return { sql, params };
}

/** Where audit records are kept and searched: SQLite (default) or PostgreSQL. */
export interface AuditStore {
  /** Which database, for messages ('SQLite /path', 'PostgreSQL'). */
  readonly label: string;
  /**
   * Adds records; one already kept (same request id and time) is not added twice. Resolves once they are
   * committed (they survive a crash of this process): the embedded store then hands records here without
   * queueing them first.
   */
  insert(rows: readonly AuditRow[]): Promise<void>;
  search(s: AuditSearch): Promise<AuditRow[]>;
  /** Removes records older than `before`; how many. */
  prune(before: Date): Promise<number>;
  close(): Promise<void>;
}
