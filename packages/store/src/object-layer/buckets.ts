// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import { s3Error } from '../core/errors.js';
import { bucketInfo } from './bucket-docs.js';
import { runOnQuorum } from './doc-store.js';
import { isNotFound, mkdirIfMissing } from './drive.js';
import type { ErasureSet } from './erasure-set.js';
import { bucketLock } from './key-locks.js';
import { listObjectVersions } from './listing.js';
import { compareKeys, validateBucketName } from './names.js';
import type { BucketConfigName, BucketInfo, OwnerRecord } from './types.js';

/**
 * Bucket operations: create (with object lock), look up, list, delete (empty or forced) and set
 * versioning. The bucket documents and config documents themselves are in ./bucket-docs.ts.
 */

export async function makeBucket(
  set: ErasureSet,
  name: string,
  opts?: { objectLock?: boolean; owner?: OwnerRecord },
): Promise<void> {
  validateBucketName(name);
  await set.locks.run(bucketLock(name), async () => {
    if (await set.buckets.read(name)) throw s3Error('BucketAlreadyOwnedByYou', { BucketName: name });
    await runOnQuorum(set.drives, set.writeQuorum, async (d) => {
      // Not recursive: a drive folder that vanished must stay offline, not be re-created here.
      await mkdirIfMissing(d.resolve(name));
    });
    const objectLock = opts?.objectLock === true;
    set.buckets.dropConfigs(name);
    await set.buckets.write(name, {
      created: Date.now(),
      versioning: objectLock ? 'Enabled' : 'Unversioned',
      objectLock,
      ...(opts?.owner ? { owner: opts.owner } : {}),
    });
  });
}

export async function getBucketInfo(set: ErasureSet, name: string): Promise<BucketInfo> {
  return bucketInfo(name, await set.buckets.require(name));
}

export async function listBuckets(set: ErasureSet): Promise<BucketInfo[]> {
  const names = await set.buckets.list();
  const out: BucketInfo[] = [];
  for (const name of names) {
    try {
      validateBucketName(name);
    } catch {
      continue;
    }
    const doc = await set.buckets.read(name);
    if (doc) out.push(bucketInfo(name, doc));
  }
  return out.sort((a, b) => compareKeys(a.name, b.name));
}

export async function deleteBucket(set: ErasureSet, name: string, opts?: { force?: boolean }): Promise<void> {
  await set.buckets.require(name);
  await set.locks.run(bucketLock(name), async () => {
    if (!opts?.force) {
      const v = await listObjectVersions(set, name, { maxKeys: 1 });
      if (v.versions.length > 0 || v.commonPrefixes.length > 0) {
        throw s3Error('BucketNotEmpty', { BucketName: name });
      }
    }
    // The bucket's journaled rows are retired first, so no replay brings one back.
    await set.checkpointJournals();
    for (const d of set.drives) {
      try {
        if (d.online) d.catalog.deleteBucket(name);
      } catch (err) {
        d.reportError(err);
      }
    }
    await set.buckets.deleteAll(name);
    await set.uploads.deleteTree([name]);
    await runOnQuorum(set.drives, set.writeQuorum, async (d) => {
      // Move aside first so a half-finished removal never leaves a half-visible bucket.
      const trash = d.tmp(`${randomUUID()}.trash`);
      try {
        await fsp.rename(d.resolve(name), trash);
      } catch (err) {
        if (!isNotFound(err)) throw err;
        return;
      }
      await fsp.rm(trash, { recursive: true, force: true });
      d.freed();
    });
  });
}

/**
 * Writes (or with null deletes) a bucket setting, under the bucket's lock: a setting written while the
 * bucket is being deleted would outlive it and come back with a new bucket of the same name.
 */
export function putBucketConfig(
  set: ErasureSet,
  bucket: string,
  name: BucketConfigName,
  data: Buffer | null,
): Promise<void> {
  return set.locks.run(bucketLock(bucket), () => set.buckets.putConfig(bucket, name, data));
}

export async function setBucketVersioning(
  set: ErasureSet,
  name: string,
  state: 'Enabled' | 'Suspended',
): Promise<void> {
  if (state !== 'Enabled' && state !== 'Suspended') throw s3Error('MalformedXML');
  await set.locks.run(bucketLock(name), async () => {
    const doc = await set.buckets.require(name);
    if (doc.objectLock && state === 'Suspended') {
      throw s3Error(
        'InvalidBucketState',
        { BucketName: name },
        'An Object Lock configuration is present on this bucket, so the versioning state cannot be changed.',
      );
    }
    await set.buckets.write(name, { ...doc, versioning: state });
  });
}
