// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { isS3Error } from '../core/errors.js';
import { listBuckets } from './buckets.js';
import { bucketKeys } from './catalog-scan.js';
import { type Drive, mkdirIfMissing, pruneEmptyDirs, renameMkdir } from './drive.js';
import { PartReader, rebuildShards, type ShardSource, shardFileSize, verifyShard } from './erasure.js';
import type { ErasureSet } from './erasure-set.js';
import { objectLock } from './key-locks.js';
import type { ErasureGeometry, VersionRecord } from './meta.js';
import { type MetaRead, readMeta, writeDriveMeta } from './meta-io.js';
import { validateObjectKey } from './names.js';
import type { DocHealResult, HealDriveState, HealObjectResult, HealOptions } from './types.js';
import { openPartSources, storedSize, versionParts } from './versions.js';

/**
 * Heal: rebuild missing or corrupted shards and stale metadata copies from the good ones, for one
 * object, a bucket, or everything (the store's own documents included). Used by the admin heal API,
 * the background scanner and the auto-heal of a replaced drive (./drive-health.ts).
 */

/** What one object's heal is collecting while it goes through the versions. */
interface HealState {
  prev: MetaRead;
  healId: string;
  /** Drives that received something. */
  healed: Set<number>;
  /** Drives whose metadata copy must be rewritten. */
  needMeta: boolean[];
  /** Rebuilt inline shards per drive, by data folder. */
  newInline: Map<string, Buffer>[];
  /** Per drive, the object's state as found. */
  before: HealDriveState[];
  /** Only look (admin heal dry run). */
  dryRun: boolean;
}

/**
 * Rebuild one object's missing or corrupted shards and stale metadata copies on every online
 * drive (e.g. after a drive was replaced), and remove the copies of a write that never reached a
 * read quorum. Reads every shard block to verify it, so it is meant for background and admin use.
 */
export async function healObject(
  set: ErasureSet,
  bucket: string,
  key: string,
  opts: HealOptions = {},
): Promise<HealObjectResult> {
  await set.buckets.require(bucket);
  validateObjectKey(bucket, key);
  const deep = (opts.scanMode ?? 'deep') === 'deep';
  return set.locks.run(objectLock(bucket, key), () => healLocked(set, bucket, key, deep, opts));
}

/** Normal scan: the shard is there at its full length (its checksums are not read). */
async function shardPresent(src: ShardSource | null, ec: ErasureGeometry, size: number): Promise<boolean> {
  if (!src) return false;
  const length = shardFileSize(ec, size);
  if (length === 0) return true;
  try {
    return (await src.read(length - 1, 1)) !== null;
  } catch {
    return false;
  }
}

async function healLocked(
  set: ErasureSet,
  bucket: string,
  key: string,
  deep: boolean,
  opts: HealOptions,
): Promise<HealObjectResult> {
  const dryRun = opts.dryRun ?? false;
  const result: HealObjectResult = {
    bucket,
    key,
    healedDrives: [],
    healedVersions: 0,
    unrecoverable: 0,
    removedDangling: false,
  };
  let prev: MetaRead;
  try {
    prev = await readMeta(set, bucket, key);
  } catch (err) {
    if (!isS3Error(err, 'InsufficientReadQuorum')) throw err;
    result.unrecoverable++;
    return result;
  }
  const doc = prev.doc;
  const before: HealDriveState[] = set.drives.map((d, i) => {
    if (!d.online) return 'offline';
    const copy = prev.perDrive[i];
    if (!copy) return 'missing';
    return doc && copy.doc.gen !== doc.gen ? 'corrupt' : 'ok';
  });
  result.before = before;
  if (!doc) {
    result.after = before;
    if (dryRun || opts.removeDangling === false) return result;
    // Copies of a write that never reached a quorum: not an object, remove them.
    await Promise.all(
      set.drives.map(async (d, i) => {
        if (!d.online || !prev.perDrive[i]) return;
        const dir = set.objectDir(d, bucket, key);
        await set.writeRow(i, bucket, key, null);
        await fsp.rm(dir, { recursive: true, force: true });
        d.freed();
        await pruneEmptyDirs(path.dirname(dir), d.resolve(bucket));
        result.removedDangling = true;
      }),
    );
    return result;
  }
  const st: HealState = {
    prev,
    healId: randomUUID(),
    healed: new Set<number>(),
    needMeta: set.drives.map((d, i) => d.online && prev.perDrive[i]?.doc.gen !== doc.gen),
    newInline: set.drives.map(() => new Map<string, Buffer>()),
    before,
    dryRun,
  };
  const latest = doc.versions.find((v) => v.ec && v.dataDir && !v.deleteMarker);
  if (latest?.ec) {
    result.geometry = { data: latest.ec.k, parity: latest.ec.m };
    result.size = latest.size;
  }
  try {
    for (const v of doc.versions) {
      if (!v.ec || !v.dataDir || v.deleteMarker) continue;
      if (await healVersion(set, bucket, key, v, st, result, deep)) result.healedVersions++;
    }
    // Bring stale or missing metadata copies (and healed inline shards) up to the agreed state.
    await Promise.all(
      set.drives.map(async (d, i) => {
        if (!st.needMeta[i] || dryRun) return;
        const inline = new Map<string, Buffer>();
        for (const v of doc.versions) {
          if (!v.inline || !v.dataDir) continue;
          const blob = st.newInline[i]?.get(v.dataDir) ?? prev.perDrive[i]?.inline.get(v.dataDir);
          if (blob) inline.set(v.dataDir, blob);
        }
        try {
          await writeDriveMeta(set, d, bucket, key, doc, inline);
          st.healed.add(i);
        } catch (err) {
          d.reportError(err);
        }
      }),
    );
  } finally {
    await set.removeTmp(st.healId);
  }
  result.healedDrives = [...st.healed].sort((a, b) => a - b);
  result.after = dryRun ? before : before.map((s, i) => (st.healed.has(i) ? 'ok' : s));
  return result;
}

/** Verify every part's shards of one version and rebuild the bad ones; true when any was rebuilt. */
async function healVersion(
  set: ErasureSet,
  bucket: string,
  key: string,
  v: VersionRecord,
  st: HealState,
  result: HealObjectResult,
  deep: boolean,
): Promise<boolean> {
  const ec = v.ec;
  const dataDir = v.dataDir;
  if (!ec || !dataDir) return false;
  let versionHealed = false;
  for (const part of versionParts(v)) {
    const { sources, owners } = await openPartSources(set, bucket, key, v, st.prev, part.number);
    try {
      const ok = await Promise.all(
        sources.map((src) =>
          deep ? verifyShard(src, ec, storedSize(v, part)) : shardPresent(src, ec, storedSize(v, part)),
        ),
      );
      const wanted = ok.flatMap((good, shard) => (!good && (owners[shard] as number) >= 0 ? [shard] : []));
      if (wanted.length === 0) continue;
      for (const w of wanted) {
        const i = owners[w] as number;
        if (st.before[i] === 'ok') st.before[i] = sources[w] ? 'corrupt' : 'missing';
      }
      if (st.dryRun) continue;
      if (ok.filter(Boolean).length < ec.k) {
        result.unrecoverable++;
        continue;
      }
      const reader = new PartReader(
        sources.map((src, shard) => (ok[shard] ? src : null)),
        ec,
        set.codec(ec),
        storedSize(v, part),
      );
      if (v.inline) {
        const pieces = new Map<number, Buffer[]>(wanted.map((w) => [w, []]));
        await rebuildShards(reader, set.codec(ec), wanted, async (w, framed) => {
          pieces.get(w)?.push(...framed);
        });
        for (const w of wanted) {
          const i = owners[w] as number;
          st.newInline[i]?.set(dataDir, Buffer.concat(pieces.get(w) ?? []));
          st.needMeta[i] = true;
          st.healed.add(i);
        }
      } else {
        await healPartFiles(set, bucket, key, dataDir, part.number, st, reader, wanted, owners);
      }
      versionHealed = true;
    } finally {
      await Promise.all(sources.map((src) => src?.close()));
    }
  }
  return versionHealed;
}

/** Write rebuilt shard files of one part to the drives that lacked them (temp, fsync, rename). */
async function healPartFiles(
  set: ErasureSet,
  bucket: string,
  key: string,
  dataDir: string,
  partNumber: number,
  st: HealState,
  reader: PartReader,
  wanted: number[],
  owners: number[],
): Promise<void> {
  const { healId } = st;
  const handles = new Map<number, fsp.FileHandle>();
  try {
    for (const w of wanted) {
      const d = set.drives[owners[w] as number] as Drive;
      await mkdirIfMissing(d.tmp(healId));
      handles.set(w, await fsp.open(d.tmp(`${healId}/${dataDir}.${partNumber}`), 'w'));
    }
    await rebuildShards(reader, reader.rs, wanted, async (w, framed) => {
      await handles.get(w)?.writev(framed);
      // A sized volume counts the shard bytes heal puts back.
      set.drives[owners[w] as number]?.usage?.written(framed.reduce((n, b) => n + b.length, 0));
    });
    for (const w of wanted) {
      const i = owners[w] as number;
      const d = set.drives[i] as Drive;
      const fh = handles.get(w) as fsp.FileHandle;
      if (set.fsync) await fh.datasync();
      await fh.close();
      handles.delete(w);
      await renameMkdir(
        d.tmp(`${healId}/${dataDir}.${partNumber}`),
        path.join(set.objectDir(d, bucket, key), dataDir, `part.${partNumber}`),
      );
      st.healed.add(i);
    }
  } finally {
    await Promise.all([...handles.values()].map((fh) => fh.close().catch(() => undefined)));
  }
}

/**
 * Heal a whole bucket: its folder and settings documents on every drive, then every object.
 * Returns how many objects were looked at and healed.
 */
export async function healBucket(
  set: ErasureSet,
  bucket: string,
  opts: HealOptions = {},
): Promise<{ objects: number; healed: number; unrecoverable: number }> {
  await set.buckets.require(bucket);
  await Promise.all(
    set.drives.filter((d) => d.online).map((d) => mkdirIfMissing(d.resolve(bucket)).catch(() => undefined)),
  );
  await healDocsQuietly(set, healDocuments(set, bucket, opts));
  const out = { objects: 0, healed: 0, unrecoverable: 0 };
  for await (const key of bucketKeys(set, bucket)) {
    if (set.closed) break;
    out.objects++;
    await opts.pace?.();
    const r = await healObject(set, bucket, key, opts);
    if (r.healedDrives.length > 0 || r.removedDangling) out.healed++;
    out.unrecoverable += r.unrecoverable;
  }
  return out;
}

/**
 * Heal every bucket and the store's own documents (SystemStore, bucket settings) on all online
 * drives. Stops early when the layer is closed.
 */
export async function healAll(
  set: ErasureSet,
  opts: HealOptions = {},
): Promise<{ buckets: number; objects: number; healed: number; unrecoverable: number }> {
  const out = { buckets: 0, objects: 0, healed: 0, unrecoverable: 0 };
  await healDocsQuietly(set, healDocuments(set, null, opts));
  for (const b of await listBuckets(set)) {
    if (set.closed) return out;
    const r = await healBucket(set, b.name, opts);
    out.buckets++;
    out.objects += r.objects;
    out.healed += r.healed;
    out.unrecoverable += r.unrecoverable;
  }
  return out;
}

/**
 * Heal the store's own documents one at a time (DocStore.heal): with `bucket` null the configuration
 * and IAM documents (the SystemStore), otherwise that bucket's documents. Stops early when the layer
 * is closed.
 */
export async function* healDocuments(
  set: ErasureSet,
  bucket: string | null,
  opts: HealOptions = {},
): AsyncGenerator<DocHealResult> {
  if (bucket !== null) {
    yield* set.buckets.heal(bucket, opts);
    return;
  }
  for (const p of await set.config.listTree([])) {
    if (set.closed) return;
    const r = await set.config.heal(p.split('/'), opts);
    if (r) yield r;
  }
}

/** The background heal of documents reports nothing: a document that cannot be read now is healed next time. */
async function healDocsQuietly(set: ErasureSet, docs: AsyncGenerator<DocHealResult>): Promise<void> {
  try {
    for await (const _doc of docs) if (set.closed) return;
  } catch {
    // Fewer drives than a read quorum: nothing can be healed until they are back.
  }
}
