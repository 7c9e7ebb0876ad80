// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { S3Error } from '../core/errors.js';
import type { HealObjectResult, ObjectLayer } from '../object-layer/types.js';
import { HealSequences } from './sequences.js';

/**
 * A layer of `keys` objects in bucket `b` whose heal of each object waits until `release()`: the sequence
 * runs for as long as the test wants (a fake of the one component the sequences drive).
 */
function slowLayer(keys: string[]) {
  let open: () => void = () => undefined;
  let gate = new Promise<void>((r) => {
    open = r;
  });
  const layer = {
    parityShards: 2,
    storageInfo: async () => ({
      drives: [0, 1, 2, 3].map((i) => ({
        path: `/d${i}`,
        index: i,
        state: 'ok' as const,
        uuid: `u${i}`,
        totalSpace: 1,
        usedSpace: 0,
        availSpace: 1,
      })),
      parity: 2,
      dataShards: 2,
      erasure: true,
    }),
    listBuckets: async () => [{ name: 'b', created: new Date() }],
    getBucketInfo: async () => ({ name: 'b', created: new Date() }),
    listObjects: async () => ({
      objects: keys.map((key) => ({ key })),
      commonPrefixes: [],
      isTruncated: false,
      nextAfter: null,
    }),
    healObject: async (bucket: string, key: string): Promise<HealObjectResult> => {
      await gate;
      return {
        bucket,
        key,
        healedDrives: [0],
        healedVersions: 1,
        unrecoverable: 0,
        removedDangling: false,
        before: ['missing', 'ok', 'ok', 'ok'],
        after: ['ok', 'ok', 'ok', 'ok'],
        geometry: { data: 2, parity: 2 },
        size: 10,
      };
    },
  } as unknown as ObjectLayer;
  return {
    layer,
    release: () => {
      open();
      gate = Promise.resolve();
    },
  };
}

const code = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof S3Error) return err.code;
    throw err;
  }
  return 'no error';
};

async function finished(seqs: HealSequences, path: { bucket: string; prefix: string }, token: string) {
  const items = [];
  for (;;) {
    const s = seqs.status(path, token);
    items.push(...(s.items ?? []));
    if (s.summary !== 'running') return { summary: s.summary, items };
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('heal sequences', () => {
  it('one heal per path: a second start is refused, force start replaces it, force stop ends it', async () => {
    const { layer, release } = slowLayer(['x', 'y']);
    const seqs = new HealSequences(layer, new AbortController().signal);
    const path = { bucket: 'b', prefix: '' };
    const first = seqs.start(path, { recursive: true }, '127.0.0.1', false);
    expect(code(() => seqs.start({ bucket: 'b', prefix: 'x' }, {}, '127.0.0.1', false))).toBe(
      'XMinioHealAlreadyRunning',
    );
    const second = seqs.start(path, { recursive: true }, '127.0.0.1', true);
    expect(second.clientToken).not.toBe(first.clientToken);
    expect(seqs.status(path, first.clientToken).summary).toBe('stopped');
    expect(code(() => seqs.status({ bucket: 'other', prefix: '' }, second.clientToken))).toBe(
      'XMinioHealInvalidClientToken',
    );
    expect(seqs.stop(path).clientToken).toBe(second.clientToken);
    release();
    expect((await finished(seqs, path, second.clientToken)).summary).toBe('stopped');
    expect(code(() => seqs.stop(path))).toBe('XMinioHealNoSuchProcess');
  });

  it('hands each item out once, numbered, with the drive states before and after', async () => {
    const { layer, release } = slowLayer(['x', 'y']);
    release();
    const seqs = new HealSequences(layer, new AbortController().signal);
    const path = { bucket: 'b', prefix: '' };
    const { clientToken } = seqs.start(path, { recursive: true, scanMode: 2 }, '127.0.0.1', false);
    const { summary, items } = await finished(seqs, path, clientToken);
    expect(summary).toBe('finished');
    expect(items.map((i) => `${i.resultId} ${i.type} ${i.object}`)).toEqual([
      '1 bucket ',
      '2 object x',
      '3 object y',
    ]);
    expect(items[1]?.before.drives?.map((d) => d.state)).toEqual(['missing', 'ok', 'ok', 'ok']);
    expect(items[1]?.after.drives?.every((d) => d.state === 'ok')).toBe(true);
    expect(seqs.status(path, clientToken).items).toEqual([]);
  });
});
