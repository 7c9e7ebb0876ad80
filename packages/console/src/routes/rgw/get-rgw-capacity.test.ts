// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { rgwCapacity } from './get-rgw-capacity.js';

describe('rgwCapacity', () => {
  it("sums the finished objects of every bucket and counts the buckets' owners", () => {
    const capacity = rgwCapacity([
      {
        bucket: 'a',
        owner: 'alice',
        usage: {
          'rgw.main': { size: 3, size_actual: 4096, num_objects: 1 },
          // parts of an unfinished upload are not the bucket's objects
          'rgw.multimeta': { size: 0, num_objects: 2 },
        },
      },
      {
        bucket: 'b',
        owner: 'alice',
        usage: { 'rgw.main': { size: 5000, size_actual: 8192, num_objects: 1 } },
      },
      { bucket: 'c', owner: 'bob', usage: {} },
    ]);
    expect(capacity).toEqual({ buckets: 3, objects: 2, sizeBytes: 5003, sizeActualBytes: 12288, owners: 2 });
  });

  it('reports nothing used when RGW has no buckets', () => {
    expect(rgwCapacity([])).toEqual({ buckets: 0, objects: 0, sizeBytes: 0, sizeActualBytes: 0, owners: 0 });
  });
});
