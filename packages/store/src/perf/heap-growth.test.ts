// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startStore } from '../server.js';
import { DEFAULT_HEAP_GROWING_PERCENT, HEAP_GROWING_ENV, heapGrowingPercent } from './heap-growth.js';

describe('the heap growing factor (STOWAGE_HEAP_GROWING_PERCENT)', () => {
  it('is 200 % unless the environment names a whole number from 0 to 1000', () => {
    expect(DEFAULT_HEAP_GROWING_PERCENT).toBe(200);
    expect(heapGrowingPercent({})).toBe(200);
    expect(heapGrowingPercent({ [HEAP_GROWING_ENV]: '' })).toBe(200);
    expect(heapGrowingPercent({ [HEAP_GROWING_ENV]: '0' })).toBe(0);
    expect(heapGrowingPercent({ [HEAP_GROWING_ENV]: ' 350 ' })).toBe(350);
    expect(heapGrowingPercent({ [HEAP_GROWING_ENV]: '1000' })).toBe(1000);
    for (const bad of ['-1', '2.5', '1001', 'lots', '1e3']) {
      expect(() => heapGrowingPercent({ [HEAP_GROWING_ENV]: bad })).toThrow(
        `STOWAGE_HEAP_GROWING_PERCENT must be a whole number from 0 (V8's own heuristic) to 1000; got "${bad}"`,
      );
    }
  });

  it('stops a store from starting with an invalid value before it touches the data folder', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'heap-growth-'));
    try {
      await expect(
        startStore({
          dataDir,
          drives: 4,
          port: 0,
          host: '127.0.0.1',
          rootUser: 'heap-growth-root',
          rootPassword: 'heap-growth-secret',
          env: { [HEAP_GROWING_ENV]: 'fast' },
        }),
      ).rejects.toThrow(`${HEAP_GROWING_ENV} must be a whole number`);
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
