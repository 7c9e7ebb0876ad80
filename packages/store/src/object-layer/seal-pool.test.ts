// SPDX-License-Identifier: Apache-2.0
import * as nodeCrypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isS3Error } from '../core/errors.js';
import {
  openBatch,
  openPackages,
  recycleSealed,
  SEALED_BATCH,
  sealBatch,
  sealPackages,
} from './seal-pool.js';

// The batches of packages sealed and opened on the worker pool are the same bytes as in place, and a
// damaged or misplaced package is refused there as here.

const P = 64 * 1024;
const key = nodeCrypto.randomBytes(32);
/** A copy the pool may take over (transferred buffers are gone for the sender). */
const own = (b: Buffer): Buffer => Buffer.from(b);

async function refusal(p: Promise<unknown>): Promise<boolean> {
  try {
    await p;
  } catch (err) {
    return isS3Error(err, 'InternalError');
  }
  return false;
}

describe('the encryption worker pool', () => {
  const plain = nodeCrypto.randomBytes(16 * P + 123);
  const sealed = sealPackages(nodeCrypto, key, 5, true, plain);

  it('seals and opens batches on the workers exactly as in place', async () => {
    expect(sealed.length).toBe(plain.length + 17 * 16);
    expect((await sealBatch(key, 5, true, own(plain))).equals(sealed)).toBe(true);
    expect((await openBatch(key, 5, 21, own(sealed))).equals(plain)).toBe(true);
    // Small batches run in place.
    const one = plain.subarray(0, P);
    const s1 = await sealBatch(key, 0, false, own(one));
    expect(openPackages(nodeCrypto, key, 0, 9, s1).equals(one)).toBe(true);
    // Many batches at once come back each to its caller.
    const all = await Promise.all(
      Array.from({ length: 8 }, (_, i) => openBatch(key, 5, 21, own(sealed)).then((b) => [i, b] as const)),
    );
    for (const [, b] of all) expect(b.equals(plain)).toBe(true);
  });

  it('writes a batch to the memory of one given back, and it is still right', async () => {
    const full = plain.subarray(0, 16 * P);
    const first = await sealBatch(key, 0, false, own(full));
    expect(first.buffer.byteLength).toBe(SEALED_BATCH);
    recycleSealed(first);
    const next = await sealBatch(key, 16, true, own(full));
    expect(next.equals(sealPackages(nodeCrypto, key, 16, true, full))).toBe(true);
    expect((await openBatch(key, 16, 31, own(next))).equals(full)).toBe(true);
  });

  it('refuses a flipped bit, a wrong place in the part or a cut-off end', async () => {
    const damaged = own(sealed);
    damaged[3 * (P + 16) + 17] = (damaged[3 * (P + 16) + 17] as number) ^ 1;
    expect(await refusal(openBatch(key, 5, 21, damaged))).toBe(true);
    expect(await refusal(openBatch(key, 6, 22, own(sealed)))).toBe(true);
    // The same packages read as if more followed (the final one is not final then).
    expect(await refusal(openBatch(key, 5, 40, own(sealed)))).toBe(true);
    expect(await refusal(openBatch(nodeCrypto.randomBytes(32), 5, 21, own(sealed)))).toBe(true);
  });
});
