// SPDX-License-Identifier: Apache-2.0
import { S3Error, withHeaders } from '../core/errors.js';
import type { ByteRange } from '../object-layer/types.js';

/**
 * Resolves a `Range: bytes=…` header against an object size (RFC 7233, as S3 applies it): `a-b`,
 * open `a-`, suffix `-n`. Syntactically invalid or multi-range headers are ignored (whole object),
 * unsatisfiable ones answer 416 InvalidRange with `Content-Range: bytes *\/size`.
 */
export function resolveRange(header: string | undefined, size: number): ByteRange | null {
  if (header === undefined) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header);
  if (!m) return null;
  const [, a, b] = m as unknown as [string, string, string];
  const unsatisfiable = (): S3Error =>
    withHeaders(
      new S3Error('InvalidRange', undefined, {
        RangeRequested: header.trim(),
        ActualObjectSize: String(size),
      }),
      {
        'content-range': `bytes */${size}`,
      },
    );
  if (a === '' && b === '') return null;
  if (a === '') {
    const n = Number(b);
    if (n === 0 || size === 0) throw unsatisfiable();
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  if (b !== '' && Number(b) < start) return null;
  if (start >= size) throw unsatisfiable();
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  return { start, end };
}

/** `x-amz-copy-source-range: bytes=a-b` (both bounds required, inside the source). */
export function resolveCopyRange(header: string | undefined, size: number): ByteRange | null {
  if (header === undefined) return null;
  const m = /^bytes=(\d+)-(\d+)$/.exec(header.trim());
  if (!m)
    throw new S3Error(
      'InvalidArgument',
      'The x-amz-copy-source-range value must be of the form bytes=first-last.',
    );
  const start = Number(m[1]);
  const end = Number(m[2]);
  // A reversed range is not of the form first-last (InvalidArgument, as S3); one past the end is 416.
  if (end < start) {
    throw new S3Error(
      'InvalidArgument',
      'The x-amz-copy-source-range value must be of the form bytes=first-last where first and last are the zero-based offsets of the first and last bytes to copy',
    );
  }
  if (end >= size) {
    throw new S3Error('InvalidRange', `Range specified is not valid for source object of size: ${size}`);
  }
  return { start, end };
}
