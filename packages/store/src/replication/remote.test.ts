// SPDX-License-Identifier: Apache-2.0
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { throttle } from './remote.js';

describe('throttle', () => {
  it('passes every byte through, in order, whatever the limit', async () => {
    const data = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    for (const limit of [1024 ** 3 * 100, 4 * 1024 * 1024]) {
      const out = await buffer(
        Readable.from([data.subarray(0, 100_000), data.subarray(100_000)]).pipe(throttle(limit)),
      );
      expect(out.equals(data)).toBe(true);
    }
  });
});
