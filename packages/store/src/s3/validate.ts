// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../core/errors.js';

/**
 * S3 bucket naming rules: 3–63 characters of lower-case letters, digits, dots and hyphens, starting
 * and ending with a letter or digit, no `..`, `.-` or `-.`, not an IPv4 address. `minio` is reserved
 * because `/minio/...` paths belong to the admin and health APIs.
 */
export function validateBucketName(name: string): void {
  const ok =
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(name) &&
    !name.includes('..') &&
    !name.includes('.-') &&
    !name.includes('-.') &&
    !/^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) &&
    name !== 'minio';
  if (!ok) throw new S3Error('InvalidBucketName', undefined, { BucketName: name });
}

/** S3's limit on key length, in UTF-8 bytes. */
export const MAX_KEY_BYTES = 1024;

/**
 * Refuses keys that could escape or confuse the drive layout: over 1024 bytes, NUL, `.`/`..`
 * segments, a leading slash or empty segments (`a//b`), which MinIO also refuses.
 */
export function validateObjectKey(key: string): void {
  if (key === '') throw new S3Error('XMinioInvalidObjectName', 'Object name cannot be empty.');
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES)
    throw new S3Error('KeyTooLongError', undefined, { Key: key });
  if (key.includes('\0')) throw new S3Error('XMinioInvalidObjectName', undefined, { Key: key });
  if (key.startsWith('/') || key.includes('//'))
    throw new S3Error('XMinioInvalidObjectName', undefined, { Key: key });
  for (const seg of key.split('/')) {
    if (seg === '.' || seg === '..') throw new S3Error('XMinioInvalidObjectName', undefined, { Key: key });
  }
  if (key.includes('\uFFFD'))
    throw new S3Error('XMinioInvalidObjectName', 'Object name is not valid UTF-8.', { Key: key });
}

/** Parses a non-negative integer query parameter, InvalidArgument when malformed. */
export function intParam(
  q: URLSearchParams,
  name: string,
  dflt: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = q.get(name);
  if (raw === null || raw === '') return dflt;
  if (!/^-?\d+$/.test(raw))
    throw new S3Error('InvalidArgument', `Argument ${name} must be an integer.`, {
      ArgumentName: name,
      ArgumentValue: raw,
    });
  const n = Number(raw);
  if (n < min)
    throw new S3Error('InvalidArgument', `Argument ${name} must be at least ${min}.`, {
      ArgumentName: name,
      ArgumentValue: raw,
    });
  return Math.min(n, max);
}

/**
 * A body's length as a write needs it: the declared one, or -1 for a `Transfer-Encoding: chunked`
 * body sent without Content-Length (accepted as RGW does; the layer then counts what arrives).
 * A body with neither is MissingContentLength (411), as on AWS.
 */
export function bodySize(size: number, headers: Record<string, string | string[] | undefined>): number {
  if (size >= 0) return size;
  const te = String(headers['transfer-encoding'] ?? '').toLowerCase();
  if (te.split(',').some((v) => v.trim() === 'chunked')) return -1;
  throw new S3Error('MissingContentLength');
}
