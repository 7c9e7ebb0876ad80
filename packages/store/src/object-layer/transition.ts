// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ErasureSet } from './erasure-set.js';
import { objectLock } from './key-locks.js';
import type { VersionRecord } from './meta.js';
import { readMeta, writeMeta } from './meta-io.js';
import type { ByteRange, GetObjectResult, ObjectInfo } from './types.js';
import { cleanupVersions } from './versions.js';

/**
 * Versions whose data lives on a remote tier (lifecycle transition). The version keeps its metadata
 * here, with `x-amz-storage-class` naming the tier and no local data (no data dir, no geometry); reads
 * of its bytes go to the remote reader the tier service registers. The layer never imports the tiers.
 */

/** System metadata key naming the tier of a transitioned version (also the response header). */
export const TIER_KEY = 'x-amz-storage-class';

/** Opens a transitioned version's bytes (whole or a range) on its tier. */
export type RemoteReader = (info: ObjectInfo, range: ByteRange | null) => Promise<Readable>;

const readers = new WeakMap<ErasureSet, RemoteReader>();

export function setRemoteReader(set: ErasureSet, reader: RemoteReader): void {
  readers.set(set, reader);
}

/** Whether a version's data is on a tier only (not restored locally). */
export function isRemote(v: VersionRecord): boolean {
  return !v.deleteMarker && v.sys[TIER_KEY] !== undefined && v.dataDir === null && v.size > 0;
}

/** GetObject of a transitioned version: the bytes stream from the tier. */
export async function remoteRead(
  set: ErasureSet,
  info: ObjectInfo,
  range: ByteRange | null,
): Promise<GetObjectResult> {
  const reader = readers.get(set);
  if (!reader)
    throw new Error(`The object's data is on tier ${info.systemMetadata[TIER_KEY]}, which is not available`);
  return { info, range, stream: await reader(info, range) };
}

/**
 * After the tier holds a durable copy: marks the version transitioned to `tier` and frees its local
 * data, under the key's lock, only if the version is still the one copied (same etag and mtime).
 * Resolves to false (nothing changed) otherwise.
 */
export async function markTransitioned(
  set: ErasureSet,
  bucket: string,
  key: string,
  versionId: string,
  expect: { etag: string; mtime: number },
  tier: string,
): Promise<boolean> {
  return set.locks.run(objectLock(bucket, key), async () => {
    const prev = await readMeta(set, bucket, key);
    const v = prev.doc?.versions.find((x) => x.versionId === versionId);
    if (!prev.doc || !v || v.deleteMarker || v.etag !== expect.etag || v.mtime !== expect.mtime) return false;
    if (v.sys[TIER_KEY] !== undefined) return false;
    const moved: VersionRecord = {
      ...v,
      sys: { ...v.sys, [TIER_KEY]: tier },
      dataDir: null,
      inline: false,
      ec: null,
    };
    // An encrypted version's tier copy is its stored bytes: their layout stays to read them.
    if (!v.encryption) delete moved.compression;
    const versions = prev.doc.versions.map((x) => (x === v ? moved : x));
    await writeMeta(set, bucket, key, { gen: randomUUID(), updated: Date.now(), versions }, prev);
    await cleanupVersions(set, bucket, key, [v], false);
    return true;
  });
}

/** A version's system metadata without its tier state (what a copy of it starts with: local data). */
export function withoutTierState(sys: Record<string, string>): Record<string, string> {
  const out = { ...sys };
  delete out[TIER_KEY];
  delete out['x-amz-restore'];
  return out;
}
