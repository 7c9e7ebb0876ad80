// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { isS3Error } from '../core/errors.js';
import { resolveCopyRange, resolveRange } from './range.js';

describe('Range resolution (RFC 7233 as S3 applies it)', () => {
  it('resolves closed, open and suffix ranges, clamping the end', () => {
    expect(resolveRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(resolveRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(resolveRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(resolveRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(resolveRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });

  it('ignores invalid and multi-range headers, refuses unsatisfiable ones with Content-Range', () => {
    expect(resolveRange(undefined, 100)).toBeNull();
    expect(resolveRange('bytes=9-2', 100)).toBeNull();
    expect(resolveRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(resolveRange('items=0-1', 100)).toBeNull();
    for (const h of ['bytes=100-', 'bytes=-0', 'bytes=200-300']) {
      try {
        resolveRange(h, 100);
        throw new Error(`${h} resolved`);
      } catch (err) {
        expect(isS3Error(err, 'InvalidRange'), h).toBe(true);
        expect((err as { headers: Record<string, string> }).headers['content-range']).toBe('bytes */100');
      }
    }
    expect(() => resolveRange('bytes=0-', 0)).toThrow();
  });

  it('checks x-amz-copy-source-range against the source size', () => {
    expect(resolveCopyRange('bytes=0-4', 10)).toEqual({ start: 0, end: 4 });
    expect(() => resolveCopyRange('bytes=5-10', 10)).toThrow();
    expect(() => resolveCopyRange('bytes=5-', 10)).toThrow();
  });
});
