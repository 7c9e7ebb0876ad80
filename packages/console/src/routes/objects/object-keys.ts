// SPDX-License-Identifier: Apache-2.0
import { apiErrors } from '../../errors/api-http-error.js';

/**
 * Object keys, prefixes and the listing cursors of the object browser routes (issue 7). Shared by the
 * listing, rewind, delete and upload routes.
 */

/** S3 limits a key to 1,024 bytes of UTF-8. */
export const MAX_KEY_BYTES = 1024;

/** Orders keys as S3 lists them: by their UTF-8 bytes (JS string order differs above U+FFFF). */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * Checks a key path given by a client (upload prefix, uploaded file name): no '.' or '..' segments (a
 * folder upload must not climb out of the chosen folder), no NUL, at most 1,024 bytes. Throws 400.
 */
export function checkKeyPath(what: string, value: string): void {
  if (value.includes('\0')) throw apiErrors.badRequest(`The ${what} must not contain NUL characters.`);
  if (value.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw apiErrors.badRequest(`The ${what} '${value}' must not contain '.' or '..' path segments.`);
  }
  if (Buffer.byteLength(value, 'utf8') > MAX_KEY_BYTES) {
    throw apiErrors.badRequest(`The ${what} is longer than ${MAX_KEY_BYTES} bytes.`);
  }
}

/**
 * The key an uploaded file part is stored at: the upload prefix plus the part's file name, which may hold
 * '/' for folder uploads (each segment becomes a key segment). Empty names, empty segments, absolute
 * names and '.'/'..' segments are refused with 400.
 */
export function uploadKey(prefix: string, fileName: string): string {
  if (fileName === '') throw apiErrors.badRequest('Every uploaded file needs a file name.');
  if (fileName.startsWith('/')) throw apiErrors.badRequest(`The file name '${fileName}' must be relative.`);
  if (fileName.split('/').some((segment) => segment === '')) {
    throw apiErrors.badRequest(`The file name '${fileName}' has an empty path segment.`);
  }
  checkKeyPath('file name', fileName);
  const key = prefix + fileName;
  checkKeyPath('object name', key);
  return key;
}

/**
 * Listing cursors are opaque to clients: base64url of a small JSON object naming where the store's
 * listing continues (a continuation token, or key/version markers). A cursor that does not decode is 400.
 */
export function encodeCursor(state: Record<string, string>): string {
  return Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Record<string, string> | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const invalid = () => apiErrors.badRequest('The listing cursor is not valid; list again from the start.');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid();
  const state: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (typeof v !== 'string') throw invalid();
    state[k] = v;
  }
  return state;
}
