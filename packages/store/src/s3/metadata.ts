// SPDX-License-Identifier: Apache-2.0
import type { IncomingHttpHeaders } from 'node:http';
import { S3Error } from '../core/errors.js';
import type { ObjectInfo, StorageClassName } from '../object-layer/types.js';
import { httpDate, quoteEtag } from './response.js';

/** S3 limits user-defined metadata (names + values of x-amz-meta-*) to 2 KiB. */
export const MAX_USER_METADATA_BYTES = 2048;

/** System headers stored with an object and returned on GET/HEAD (lower-case names). */
export const STORED_SYSTEM_HEADERS = [
  'content-encoding',
  'content-disposition',
  'content-language',
  'cache-control',
  'expires',
] as const;

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

function single(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v.join(',') : v;
}

/** x-amz-meta-* headers → `{name: value}` with the prefix stripped, names lower-cased. */
export function userMetadataFromHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  let bytes = 0;
  for (const name in headers) {
    if (!name.startsWith('x-amz-meta-')) continue;
    const value = headers[name];
    if (value === undefined) continue;
    const key = name.slice('x-amz-meta-'.length);
    const v = single(value) ?? '';
    bytes += Buffer.byteLength(key) + Buffer.byteLength(v);
    out[key] = v;
  }
  if (bytes > MAX_USER_METADATA_BYTES) throw new S3Error('MetadataTooLarge');
  return out;
}

/**
 * Content-Encoding/Disposition/Language, Cache-Control and Expires as sent. `aws-chunked` is a
 * transfer detail of the upload and is removed from Content-Encoding, as S3 does; the values of a
 * Content-Encoding sent more than once are kept joined with ", " (as AWS answers them).
 */
export function systemMetadataFromHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of STORED_SYSTEM_HEADERS) {
    let v = single(headers[name]);
    if (v === undefined) continue;
    if (name === 'content-encoding') {
      v = v
        .split(',')
        .map((e) => e.trim())
        .filter((e) => e !== '' && e !== 'aws-chunked')
        .join(', ');
      if (v === '') continue;
    }
    out[name] = v;
  }
  return out;
}

export function contentTypeFromHeaders(headers: IncomingHttpHeaders): string {
  return single(headers['content-type']) || DEFAULT_CONTENT_TYPE;
}

/**
 * The storage class a write asks for (x-amz-storage-class, STANDARD when absent). As MinIO: STANDARD
 * and REDUCED_REDUNDANCY (the `storage_class` config set gives their parity); others are
 * InvalidStorageClass.
 */
export function storageClassFromHeaders(headers: IncomingHttpHeaders): StorageClassName {
  const sc = single(headers['x-amz-storage-class']);
  if (sc === undefined || sc === '' || sc === 'STANDARD') return 'STANDARD';
  if (sc === 'REDUCED_REDUNDANCY') return sc;
  throw new S3Error('InvalidStorageClass');
}

/** Validates a Content-MD5 header (base64 of 16 bytes); returns it or undefined. */
export function contentMd5(headers: IncomingHttpHeaders): string | undefined {
  const v = single(headers['content-md5']);
  if (v === undefined) return undefined;
  const raw = Buffer.from(v, 'base64');
  if (raw.length !== 16 || raw.toString('base64') !== v.trim()) throw new S3Error('InvalidDigest');
  return v.trim();
}

/**
 * The headers GET and HEAD answer with: ETag, Last-Modified, type, stored system headers, user
 * metadata, tag count, object-lock state and the version id (S3 API: GetObject, "Response Syntax").
 */
export function objectResponseHeaders(info: ObjectInfo): Record<string, string> {
  const h: Record<string, string> = {
    etag: quoteEtag(info.etag),
    'last-modified': httpDate(info.lastModified),
    'content-type': info.contentType || DEFAULT_CONTENT_TYPE,
  };
  for (const [k, v] of Object.entries(info.systemMetadata)) h[k] = v;
  for (const [k, v] of Object.entries(info.userMetadata)) h[`x-amz-meta-${k}`] = v;
  const tagCount = Object.keys(info.tags).length;
  if (tagCount > 0) h['x-amz-tagging-count'] = String(tagCount);
  if (info.retention) {
    h['x-amz-object-lock-mode'] = info.retention.mode;
    h['x-amz-object-lock-retain-until-date'] = info.retention.retainUntil.toISOString();
  }
  if (info.legalHold) h['x-amz-object-lock-legal-hold'] = 'ON';
  if (info.versionId && info.versionId !== 'null') h['x-amz-version-id'] = info.versionId;
  // S3 names the class on GET/HEAD only when it is not STANDARD.
  if (info.storageClass !== 'STANDARD') h['x-amz-storage-class'] = info.storageClass;
  return h;
}

/** Response-header overrides a GET may ask for (S3 API: GetObject `response-*` query parameters). */
export const RESPONSE_OVERRIDES: Record<string, string> = {
  'response-content-type': 'content-type',
  'response-content-language': 'content-language',
  'response-expires': 'expires',
  'response-cache-control': 'cache-control',
  'response-content-disposition': 'content-disposition',
  'response-content-encoding': 'content-encoding',
};
