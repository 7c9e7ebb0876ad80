// SPDX-License-Identifier: Apache-2.0
import type { IncomingHttpHeaders } from 'node:http';
import { S3Error } from '../core/errors.js';
import type { ObjectInfo } from '../object-layer/types.js';
import { unquoteEtag } from './response.js';

/** Whether an If-Match / If-None-Match list names the ETag (or is `*`). */
export function etagMatches(list: string, etag: string): boolean {
  return list.split(',').some((e) => {
    const t = e.trim();
    return t === '*' || unquoteEtag(t) === etag;
  });
}

function parseHttpDate(v: string | undefined): Date | undefined {
  if (v === undefined) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : new Date(t);
}

/** Last-Modified has one-second precision on the wire; compare at that precision. */
function seconds(d: Date): number {
  return Math.floor(d.getTime() / 1000);
}

/**
 * Evaluates the conditional request headers in RFC 7232 §6 order: If-Match, If-Unmodified-Since
 * (only without If-Match), If-None-Match, If-Modified-Since (only without If-None-Match).
 * `prefix` is '' for GET/HEAD and 'x-amz-copy-source-' for copy sources, where a failed
 * None-Match/Modified-Since is also 412 (S3 API: CopyObject).
 */
export function checkPreconditions(headers: IncomingHttpHeaders, info: ObjectInfo, prefix = ''): void {
  const get = (n: string): string | undefined => {
    const v = headers[`${prefix}${n}`];
    return Array.isArray(v) ? v.join(',') : v;
  };
  const ifMatch = get('if-match');
  const ifUnmodified = parseHttpDate(get('if-unmodified-since'));
  const ifNoneMatch = get('if-none-match');
  const ifModified = parseHttpDate(get('if-modified-since'));
  const notModified = prefix === '' ? 'NotModified' : 'PreconditionFailed';
  const mtime = seconds(info.lastModified);

  if (ifMatch !== undefined) {
    if (!etagMatches(ifMatch, info.etag)) throw new S3Error('PreconditionFailed');
  } else if (ifUnmodified && mtime > seconds(ifUnmodified)) {
    throw new S3Error('PreconditionFailed');
  }
  if (ifNoneMatch !== undefined) {
    if (etagMatches(ifNoneMatch, info.etag)) throw new S3Error(notModified);
  } else if (ifModified && mtime <= seconds(ifModified)) {
    throw new S3Error(notModified);
  }
}
