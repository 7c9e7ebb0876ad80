// SPDX-License-Identifier: Apache-2.0
import { isS3Error, s3Error } from '../../core/errors.js';
import { CONFIG_NAMES } from '../bucket-docs.js';
import type { ErasureObjectLayer } from '../erasure-object-layer.js';
import type { OwnerRecord } from '../types.js';

/**
 * Buckets over server pools: a bucket exists in every pool (each pool's own writes read its versioning,
 * lock and settings from its own bucket documents) and is listed from pool 0. Creation starts at pool 0
 * (which answers BucketAlreadyOwnedByYou), removal ends there.
 */

const first = (pools: ErasureObjectLayer[]): ErasureObjectLayer => pools[0] as ErasureObjectLayer;

export async function makeBucket(
  pools: ErasureObjectLayer[],
  name: string,
  opts?: { objectLock?: boolean; owner?: OwnerRecord },
): Promise<void> {
  await first(pools).makeBucket(name, opts);
  await Promise.all(
    pools.slice(1).map((p) =>
      p.makeBucket(name, opts).catch((err: unknown) => {
        if (!isS3Error(err, 'BucketAlreadyOwnedByYou')) throw err;
      }),
    ),
  );
}

export async function deleteBucket(
  pools: ErasureObjectLayer[],
  name: string,
  opts?: { force?: boolean },
): Promise<void> {
  if (!opts?.force) {
    // Empty everywhere first: a bucket is never removed from some pools only.
    for (const p of pools) {
      const v = await p.listObjectVersions(name, { maxKeys: 1 });
      if (v.versions.length > 0 || v.commonPrefixes.length > 0) {
        throw s3Error('BucketNotEmpty', { BucketName: name });
      }
    }
  }
  // Pool 0 (where the bucket is listed) last, so a failure leaves it visible.
  for (const p of pools.slice(1)) {
    await p.deleteBucket(name, opts).catch((err: unknown) => {
      if (!isS3Error(err, 'NoSuchBucket')) throw err;
    });
  }
  await first(pools).deleteBucket(name, opts);
}

/** Give every pool the buckets of pool 0 with their versioning and settings (a pool added later). */
export async function syncBuckets(pools: ErasureObjectLayer[]): Promise<void> {
  const buckets = await first(pools).listBuckets();
  for (const b of buckets) {
    const configs = await Promise.all(CONFIG_NAMES.map((n) => first(pools).getBucketConfig(b.name, n)));
    for (const p of pools.slice(1)) {
      const have = await p.getBucketInfo(b.name).catch((err: unknown) => {
        if (isS3Error(err, 'NoSuchBucket')) return null;
        throw err;
      });
      if (!have) {
        await p.makeBucket(b.name, {
          objectLock: b.objectLockEnabled,
          ...(b.owner ? { owner: b.owner } : {}),
        });
      }
      if (b.versioning !== 'Unversioned' && have?.versioning !== b.versioning) {
        await p.setBucketVersioning(b.name, b.versioning);
      }
      for (const [i, name] of CONFIG_NAMES.entries()) {
        const want = configs[i] ?? null;
        const cur = await p.getBucketConfig(b.name, name);
        if ((cur === null) !== (want === null) || (cur && want && !cur.equals(want))) {
          await p.putBucketConfig(b.name, name, want);
        }
      }
    }
  }
}
