// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { BUCKET_TAGS, newTagProblem, withoutTag, withTag } from './tag-rules';

describe('object and bucket tags (spec 1 §5)', () => {
  it('needs a non-empty key and value to save', () => {
    expect(newTagProblem({}, '', 'v')).toBe('A tag needs a key and a value');
    expect(newTagProblem({}, 'k', '')).toBe('A tag needs a key and a value');
    expect(newTagProblem({}, '   ', 'v')).toBe('A tag needs a key and a value');
    expect(newTagProblem({}, 'k', 'v')).toBeUndefined();
  });

  it('keeps to the S3 limits: 10 tags (50 on a bucket), keys up to 128 and values up to 256 characters', () => {
    const ten = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'v']));
    expect(newTagProblem(ten, 'k10', 'v')).toBe('An object can have at most 10 tags');
    expect(newTagProblem(ten, 'k3', 'new value')).toBeUndefined();
    expect(newTagProblem(ten, 'k10', 'v', BUCKET_TAGS)).toBeUndefined();
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v']));
    expect(newTagProblem(fifty, 'k50', 'v', BUCKET_TAGS)).toBe('A bucket can have at most 50 tags');
    expect(newTagProblem({}, 'k'.repeat(129), 'v')).toMatch(/128/);
    expect(newTagProblem({}, 'k', 'v'.repeat(257))).toMatch(/256/);
  });

  it('adds (trimming the key), replaces and removes tags without touching the others', () => {
    const tags = { a: '1' };
    expect(withTag(tags, ' b ', '2')).toEqual({ a: '1', b: '2' });
    expect(withTag(tags, 'a', '3')).toEqual({ a: '3' });
    expect(withoutTag({ a: '1', b: '2' }, 'a')).toEqual({ b: '2' });
    expect(tags).toEqual({ a: '1' });
  });
});
