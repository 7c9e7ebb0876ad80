// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import { MAX_OBJECT_SIZE, PartReader, readPartRange, writeErasure } from './erasure.js';
import type { ErasureSet } from './erasure-set.js';
import { objectLock } from './key-locks.js';
import type { VersionRecord } from './meta.js';
import { readMeta, writeMeta } from './meta-io.js';
import { isRemote } from './transition.js';
import type { ObjectInfo } from './types.js';
import {
  cleanupVersions,
  commitVersion,
  openPartSources,
  storedSize,
  toInfo,
  versionParts,
} from './versions.js';

/**
 * Moving a key's versions between erasure sets as they are stored (server pool decommission, see
 * docs/pools.md): each version's record is kept whole — id, time, ETag, metadata, tags, retention,
 * legal hold, checksum, ACL, storage class, compression index, encryption record — and each part's
 * stored bytes (compressed and/or sealed, as on the source) are re-erasure-coded with the target set's
 * geometry. Nothing is decrypted or decompressed, so SSE-C versions move without their key.
 */

/** One version ready to move: its record and a reader of each part's stored bytes. */
export interface ExportedVersion {
  record: VersionRecord;
  info: ObjectInfo;
  /** Stored bytes of each part with local data (none for delete markers and transitioned versions). */
  parts: { number: number; stored: number; read: () => AsyncIterable<Buffer> }[];
}

/** The key's versions, newest first, with readers of their stored bytes (empty when the key has none). */
export async function exportVersions(
  set: ErasureSet,
  bucket: string,
  key: string,
): Promise<ExportedVersion[]> {
  const meta = await readMeta(set, bucket, key);
  const versions = meta.doc?.versions ?? [];
  return versions.map((v, i) => {
    const record = structuredClone(v);
    const hasData = !v.deleteMarker && !isRemote(v) && v.ec !== null && v.dataDir !== null;
    const ec = v.ec;
    const parts =
      hasData && ec
        ? versionParts(v).map((p) => {
            const stored = storedSize(v, p);
            return {
              number: p.number,
              stored,
              read: async function* (): AsyncGenerator<Buffer> {
                if (stored === 0) return;
                const { sources } = await openPartSources(set, bucket, key, v, meta, p.number);
                const reader = new PartReader(sources, ec, set.codec(ec), stored);
                try {
                  yield* readPartRange(reader, 0, stored - 1);
                } finally {
                  await reader.close();
                }
              },
            };
          })
        : [];
    return { record, info: toInfo(bucket, key, v, i === 0), parts };
  });
}

/**
 * Write an exported version into this set under its own id and time (a version with the same id is
 * replaced, so a move interrupted and run again converges). The data takes this set's geometry, with
 * the version's parity when this set can hold it.
 */
export async function importVersion(
  set: ErasureSet,
  bucket: string,
  key: string,
  exported: ExportedVersion,
): Promise<ObjectInfo> {
  await set.buckets.require(bucket);
  const v: VersionRecord = structuredClone(exported.record);
  const replica = { versionId: v.versionId, mtime: v.mtime, etag: v.etag };
  if (exported.parts.length === 0) {
    if (!v.deleteMarker && !isRemote(v)) v.ec = null;
    return commitVersion(set, bucket, key, v, undefined, replica);
  }
  const parity = v.ec?.m;
  let ec: ReturnType<ErasureSet['geometry']>;
  try {
    ec = set.geometry(key, parity);
  } catch {
    ec = set.geometry(key);
  }
  const writeQuorum = set.writeQuorumFor(ec);
  const writeId = randomUUID();
  const dataDir = randomUUID();
  const single = v.parts === null && exported.parts.length === 1;
  let inline: (Buffer | null)[] | null = null;
  const written = set.drives.map(() => true);
  try {
    for (const part of exported.parts) {
      const res = await writeErasure({
        drives: set.drives,
        ec,
        rs: set.codec(ec),
        body: part.stored === 0 ? Buffer.alloc(0) : part.read(),
        declaredSize: part.stored,
        maxSize: MAX_OBJECT_SIZE,
        inlineLimit: single ? set.inlineLimit : -1,
        tmpFile: (d) => d.tmp(`${writeId}/part.${part.number}`),
        writeQuorum,
        fsync: set.fsync,
        largeMd5: set.largeMd5,
      });
      if (res.size !== part.stored) throw new Error(`part ${part.number} of ${key}: stored bytes changed`);
      if (res.inline) inline = res.inline;
      else {
        res.written.forEach((ok, i) => {
          if (!ok) written[i] = false;
        });
      }
    }
    v.ec = ec;
    v.dataDir = dataDir;
    v.inline = inline !== null;
    return await commitVersion(
      set,
      bucket,
      key,
      v,
      {
        dataDir,
        writeId: inline ? null : writeId,
        inline,
        written: inline ? set.drives.map(() => false) : written,
        writeQuorum,
      },
      replica,
    );
  } finally {
    if (!inline) await set.removeTmp(writeId);
  }
}

/**
 * Remove the given versions of a key (by id) with their data, whatever their retention or legal hold:
 * the versions live on in another set (a decommission's last step). Versions added since are kept.
 */
export function dropVersions(
  set: ErasureSet,
  bucket: string,
  key: string,
  versionIds: string[],
): Promise<void> {
  const ids = new Set(versionIds);
  return set.locks.run(objectLock(bucket, key), async () => {
    const prev = await readMeta(set, bucket, key);
    const all = prev.doc?.versions ?? [];
    const removed = all.filter((v) => ids.has(v.versionId));
    if (removed.length === 0) return;
    const versions = all.filter((v) => !ids.has(v.versionId));
    await writeMeta(set, bucket, key, { gen: randomUUID(), updated: Date.now(), versions }, prev);
    await cleanupVersions(set, bucket, key, removed, versions.length === 0);
  });
}
