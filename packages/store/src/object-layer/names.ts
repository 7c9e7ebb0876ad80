// SPDX-License-Identifier: Apache-2.0
import { s3Error } from '../core/errors.js';

/**
 * Validation of bucket names and object keys, and the mapping of keys to folders on a drive.
 *
 * Layout inside a bucket folder: every key segment except the last is a folder named by
 * `encodeSegment(segment)`; the object itself is the folder `'.' + encodeSegment(last)` next to them.
 * Encoded segments never start with '.', so one `readdir` of a folder tells objects (dot names) from
 * sub-prefixes (plain names), and keys such as `a`, `a/`, `a/b` and `a//b` never collide on disk.
 */

/** S3 API: bucket naming rules (3–63 chars, lowercase letters, digits, '.', '-', no IP form). */
export function validateBucketName(name: string): void {
  const ok =
    typeof name === 'string' &&
    name.length >= 3 &&
    name.length <= 63 &&
    /^[a-z0-9][a-z0-9.-]*[a-z0-9]$/.test(name) &&
    !name.includes('..') &&
    !name.includes('.-') &&
    !name.includes('-.') &&
    !/^\d+\.\d+\.\d+\.\d+$/.test(name);
  if (!ok) throw s3Error('InvalidBucketName', { BucketName: String(name) });
}

/** Longest key segment: an encoded segment plus the leading dot must fit a 255-byte file name. */
const MAX_SEGMENT_BYTES = 250;

/**
 * S3 API: object keys are ≤ 1024 bytes of UTF-8. We also refuse what could escape a drive folder or
 * that no file system can hold: NUL, `.`/`..` segments, a leading '/', lone surrogates, and segments
 * over 250 bytes (InvalidObjectName / KeyTooLongError).
 */
export function validateObjectKey(bucket: string, key: string): void {
  if (typeof key !== 'string' || key.length === 0) {
    throw s3Error('InvalidObjectName', { BucketName: bucket, Key: String(key) });
  }
  if (Buffer.byteLength(key) > 1024) throw s3Error('KeyTooLongError', { BucketName: bucket, Key: key });
  if (key.includes('\0') || key.startsWith('/') || !key.isWellFormed()) {
    throw s3Error('InvalidObjectName', { BucketName: bucket, Key: key });
  }
  for (const seg of key.split('/')) {
    if (seg === '.' || seg === '..') throw s3Error('InvalidObjectName', { BucketName: bucket, Key: key });
    if (Buffer.byteLength(seg) > MAX_SEGMENT_BYTES) {
      throw s3Error('KeyTooLongError', { BucketName: bucket, Key: key }, 'A key segment is too long.');
    }
  }
}

/** Reversible: '' → '%', a segment starting with '.' or '%' gets a '%' in front, others stay. */
export function encodeSegment(seg: string): string {
  if (seg === '') return '%';
  const c = seg.charCodeAt(0);
  return c === 0x2e || c === 0x25 ? `%${seg}` : seg;
}

export function decodeSegment(name: string): string {
  if (name === '%') return '';
  return name.charCodeAt(0) === 0x25 ? name.slice(1) : name;
}

/** Folder of an object, relative to the bucket folder, as path segments. */
export function objectDirSegments(key: string): string[] {
  const segs = key.split('/');
  const last = segs.pop() as string;
  return [...segs.map(encodeSegment), `.${encodeSegment(last)}`];
}

/**
 * The object whose metadata file is at `rel` (a path relative to a drive root, as
 * `bucket/…objectDirSegments(key)/meta`), or null for any other path.
 */
export function metaPathObject(rel: string): { bucket: string; key: string } | null {
  const parts = rel.split(/[\\/]/);
  const leaf = parts.at(-2);
  if (parts.length < 3 || parts.at(-1) !== 'meta' || !leaf?.startsWith('.')) return null;
  const segs = [...parts.slice(1, -2).map(decodeSegment), decodeSegment(leaf.slice(1))];
  return { bucket: parts[0] as string, key: segs.join('/') };
}

/** Folder holding the keys that start with `prefixDir` (which is '' or ends in '/'). */
export function prefixDirSegments(prefixDir: string): string[] {
  if (prefixDir === '') return [];
  return prefixDir.slice(0, -1).split('/').map(encodeSegment);
}

/**
 * S3 orders keys by their UTF-8 bytes. JS compares UTF-16 code units, which differs only when a
 * surrogate (U+D800–DFFF) meets a code unit ≥ U+E000; shift those so the order matches UTF-8.
 */
export function compareKeys(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      if (x >= 0xd800 && y >= 0xd800) {
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Version ids are UUIDs or the literal 'null'; anything else is InvalidArgument as in MinIO. */
export function validateVersionId(bucket: string, key: string, versionId: string): void {
  if (versionId !== 'null' && !UUID_RE.test(versionId)) {
    throw s3Error('InvalidArgument', { BucketName: bucket, Key: key }, 'Invalid version id specified');
  }
}

export function isUuid(s: string): boolean {
  return UUID_RE.test(s);
}
