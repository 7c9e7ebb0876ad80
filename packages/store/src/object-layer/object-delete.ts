// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import type { ErasureSet } from './erasure-set.js';
import { objectLock } from './key-locks.js';
import type { VersionRecord } from './meta.js';
import { type MetaRead, readMeta, writeMeta } from './meta-io.js';
import { validateObjectKey, validateVersionId } from './names.js';
import type { DeleteOptions, DeleteResult } from './types.js';
import { cleanupVersions, commitVersion, lockCheck } from './versions.js';

/**
 * DeleteObject: removing one version (checking legal hold and retention), removing the null
 * version of an unversioned bucket, or adding a delete marker in a versioned or suspended one.
 */

/** Rewrite the key's metadata without `removed` and drop their data (under the key's lock). */
async function dropVersions(
  set: ErasureSet,
  bucket: string,
  key: string,
  prev: MetaRead,
  removed: VersionRecord[],
): Promise<void> {
  const versions = (prev.doc?.versions ?? []).filter((x) => !removed.includes(x));
  await writeMeta(set, bucket, key, { gen: randomUUID(), updated: Date.now(), versions }, prev);
  await cleanupVersions(set, bucket, key, removed, versions.length === 0);
}

/**
 * The key's metadata and the versions `pick` chooses to drop. Read like a GET first (the read quorum's
 * drives, synchronously): a delete that empties the key rewrites no drive's inline shards, so that
 * settles it. Only when versions remain is every drive read, since each keeps its own inline shards.
 */
async function readForDrop(
  set: ErasureSet,
  bucket: string,
  key: string,
  pick: (versions: VersionRecord[]) => VersionRecord[],
): Promise<{ prev: MetaRead; removed: VersionRecord[] }> {
  let prev = await readMeta(set, bucket, key, true);
  let removed = pick(prev.doc?.versions ?? []);
  if (prev.partial && removed.length < (prev.doc?.versions.length ?? 0)) {
    prev = await readMeta(set, bucket, key);
    removed = pick(prev.doc?.versions ?? []);
  }
  return { prev, removed };
}

export async function deleteObject(
  set: ErasureSet,
  bucket: string,
  key: string,
  opts?: DeleteOptions,
): Promise<DeleteResult> {
  const bucketDoc = await set.buckets.require(bucket);
  validateObjectKey(bucket, key);
  const versionId = opts?.versionId;
  if (versionId !== undefined && versionId !== '') {
    validateVersionId(bucket, key, versionId);
    return set.locks.run(objectLock(bucket, key), async () => {
      const { prev, removed } = await readForDrop(set, bucket, key, (vs) =>
        vs.filter((x) => x.versionId === versionId).slice(0, 1),
      );
      const target = removed[0];
      if (!prev.doc || !target) return { versionId, deleteMarker: false };
      lockCheck(target, opts?.bypassGovernance === true, bucket, key);
      await dropVersions(set, bucket, key, prev, [target]);
      return { versionId, deleteMarker: target.deleteMarker };
    });
  }
  if (bucketDoc.versioning === 'Unversioned') {
    return set.locks.run(objectLock(bucket, key), async () => {
      const { prev, removed } = await readForDrop(set, bucket, key, (vs) =>
        vs.filter((x) => x.versionId === 'null'),
      );
      if (!prev.doc) return { versionId: 'null', deleteMarker: false };
      await dropVersions(set, bucket, key, prev, removed);
      return { versionId: 'null', deleteMarker: false };
    });
  }
  // Versioned or suspended: a delete marker becomes the latest version (S3 API: DeleteObject).
  const marker: VersionRecord = {
    versionId: 'null',
    deleteMarker: true,
    size: 0,
    etag: '',
    mtime: Date.now(),
    contentType: '',
    sys: {},
    user: {},
    tags: {},
    retention: null,
    legalHold: false,
    parts: null,
    dataDir: null,
    inline: false,
    ec: null,
  };
  if (opts?.replica) marker.repl = 'REPLICA';
  const info = await commitVersion(set, bucket, key, marker, undefined, opts?.replica);
  return { versionId: info.versionId, deleteMarker: true };
}
