// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { BucketDocs } from './bucket-docs.js';
import type { DocStore } from './doc-store.js';

/** A document store whose reads wait until the test lets them answer (only what BucketDocs calls). */
function heldStore() {
  const docs = new Map<string, Buffer>();
  const waiting: (() => void)[] = [];
  let hold = false;
  const store = {
    async read(segs: string[]) {
      const key = segs.join('/');
      const answer = docs.get(key) ?? null;
      if (hold) await new Promise<void>((r) => waiting.push(r));
      return answer;
    },
    async write(segs: string[], data: Buffer) {
      docs.set(segs.join('/'), data);
    },
    async deleteTree(segs: string[]) {
      for (const k of [...docs.keys()]) if (k.startsWith(`${segs.join('/')}/`)) docs.delete(k);
    },
  };
  return {
    store: store as unknown as DocStore,
    holdReads: (on: boolean) => (hold = on),
    answerReads: () => {
      for (const r of waiting.splice(0)) r();
    },
  };
}

describe('BucketDocs cache', () => {
  it('a read that raced with the bucket deletion does not keep the deleted bucket', async () => {
    const { store, holdReads, answerReads } = heldStore();
    const docs = new BucketDocs(store);
    await docs.write('deleted-bucket', { created: 1, versioning: 'Unversioned', objectLock: false });
    docs.dropConfigs('deleted-bucket');
    // A fresh process: nothing cached, the read of bucket.json is on its way when the bucket is deleted.
    const fresh = new BucketDocs(store);
    holdReads(true);
    const racing = fresh.read('deleted-bucket');
    holdReads(false);
    await fresh.deleteAll('deleted-bucket');
    answerReads();
    expect(await racing).not.toBeNull();
    expect(await fresh.read('deleted-bucket')).toBeNull();
    await expect(fresh.require('deleted-bucket')).rejects.toMatchObject({ code: 'NoSuchBucket' });
  });
});
