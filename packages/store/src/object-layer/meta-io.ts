// SPDX-License-Identifier: Apache-2.0
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { S3Error, s3Error } from '../core/errors.js';
import { type Drive, renameMkdir, syncDir } from './drive.js';
import type { ErasureSet } from './erasure-set.js';
import {
  type DriveMeta,
  decodeRow,
  encodeRow,
  type MetaDoc,
  type ParsedRow,
  type SharedJson,
} from './meta.js';

/**
 * Reading and writing an object's metadata (its row in each drive's catalog, ./catalog.ts) across the
 * drives: the quorum read that settles which generation is current, and the write of a new generation
 * (with the commit of a new version's shards in the same step).
 *
 * A drive's row is read synchronously with a prepared statement (~3–5 µs on this thread): the
 * catalog is local, and the asynchronous file API once measured slower for `meta` files than their
 * synchronous reads. The trade: a drive that hangs inside the kernel stalls the event loop.
 */

/** Per-drive state of an object's metadata after a quorum read. */
export interface MetaRead {
  doc: MetaDoc | null;
  /** Parsed copy per drive index (any generation), for inline blobs; null when absent/unreadable. */
  perDrive: (DriveMeta | null)[];
  /** Only some drives were read (fast path). */
  partial: boolean;
  /** Drives that hold no row for the key. */
  absent?: boolean[];
}

/** A freshly written version's data, committed with its metadata (see writeMeta). */
export interface NewVersionData {
  dataDir: string;
  /** Temp folder holding the shard files on each drive; null for inline data. */
  writeId: string | null;
  /** Inline shard per drive index; null when the data is in files. */
  inline: (Buffer | null)[] | null;
  /** Drives that hold their shard. */
  written: boolean[];
  /** Drives that must commit (the version's write quorum, see ErasureSet.writeQuorumFor). */
  writeQuorum: number;
}

/**
 * Quorum read of an object's metadata. Copies are grouped by generation; a generation held by at
 * least the read quorum wins (on a tie the older one: an unacknowledged write never displaces an
 * acknowledged state). Absent on a read quorum = no such key.
 *
 * `fast` (reads and listings): first read only k drives. Since write quorum + read quorum > N, any
 * k drives include one that took the last acknowledged write, so k identical generations settle
 * it; anything else (including absences) falls back to reading every drive. Writes use the full read:
 * they carry every drive's own inline shards forward.
 */
export async function readMeta(
  set: ErasureSet,
  bucket: string,
  key: string,
  fast = false,
): Promise<MetaRead> {
  const perDrive: (DriveMeta | null)[] = set.drives.map(() => null);
  const absent: boolean[] = set.drives.map(() => false);
  // Reads (fast) parse one copy of the agreed JSON; the inline blobs stay each drive's own.
  const reuse: ParsedRow | undefined = fast ? { json: null, meta: null, index: [] } : undefined;
  const read = (i: number): void => {
    const d = set.drives[i] as Drive;
    try {
      const r = d.catalog.read(bucket, key);
      if (!r) absent[i] = true;
      else if (r.doc !== null) perDrive[i] = decodeRow(r.doc, r.inline, reuse);
    } catch (err) {
      d.reportError(err);
    }
  };
  const online = set.drives.filter((d) => d.online).map((d) => d.index);
  if (!fast) {
    online.forEach(read);
  } else if (online.length > set.readQuorum) {
    // Start at a per-key drive so reads spread over the drives: the one holding the key's first data
    // shard (ErasureSet.geometry rotates a key's shards by crc32(key) % N), so the k copies read hold
    // an inline version's data shards and a GET decodes nothing. (It started at drive crc32(key) % N:
    // for half the keys at 2+2, two parity shards, and every such GET rebuilt its data with Reed–Solomon.)
    const start = (online.length - (crc32(key) % online.length)) % online.length;
    const first = [...online.slice(start), ...online.slice(0, start)].slice(0, set.readQuorum);
    first.forEach(read);
    // Only agreement on a present copy settles it: all-absent may be wiped (replaced) drives.
    const gens = new Set(first.map((i) => perDrive[i]?.doc.gen ?? null));
    const m = perDrive[first[0] as number];
    if (gens.size === 1 && m) return { doc: m.doc, perDrive, partial: true };
    for (const i of online) if (!first.includes(i)) read(i);
  } else {
    online.forEach(read);
  }
  const groups = new Map<string, { count: number; doc: MetaDoc }>();
  for (const m of perDrive) {
    if (!m) continue;
    const g = groups.get(m.doc.gen);
    if (g) g.count++;
    else groups.set(m.doc.gen, { count: 1, doc: m.doc });
  }
  const best = [...groups.values()].sort((a, b) => b.count - a.count || a.doc.updated - b.doc.updated)[0];
  if (best && best.count >= set.readQuorum) return { doc: best.doc, perDrive, partial: false, absent };
  if (absent.filter(Boolean).length >= set.readQuorum) return { doc: null, perDrive, partial: false, absent };
  throw s3Error('InsufficientReadQuorum', { BucketName: bucket, Key: key });
}

/**
 * Write a new generation of the metadata to every online drive (its catalog row, through the journal), each drive
 * keeping its own inline shards. `newData` commits a freshly written version's shards on the same
 * drive in the same step. Needs the write quorum.
 */
export async function writeMeta(
  set: ErasureSet,
  bucket: string,
  key: string,
  doc: MetaDoc,
  prev: MetaRead,
  newData?: NewVersionData,
): Promise<void> {
  const keep = new Set(doc.versions.filter((v) => v.inline && v.dataDir).map((v) => v.dataDir as string));
  // One JSON for the drives whose inline index is the same (normally all of them).
  const shared: { last: SharedJson | null } = { last: null };
  const results = await Promise.allSettled(
    set.drives.map(async (d, i) => {
      if (!d.online) throw s3Error('InsufficientWriteQuorum');
      const inline = new Map<string, Buffer>();
      const mine = prev.perDrive[i];
      if (mine) for (const [id, b] of mine.inline) if (keep.has(id)) inline.set(id, b);
      if (newData?.inline) {
        const b = newData.inline[i];
        if (b) inline.set(newData.dataDir, b);
      }
      if (doc.versions.length === 0) {
        await set.writeRow(i, bucket, key, null);
        return;
      }
      if (newData?.writeId && newData.written[i]) {
        const dir = set.objectDir(d, bucket, key);
        await renameMkdir(d.tmp(newData.writeId), path.join(dir, newData.dataDir));
        if (set.fsyncDirs) await syncDir(dir);
      }
      await set.writeRow(i, bucket, key, encodeRow(doc, inline, shared));
      if (newData?.writeId && !newData.written[i]) throw new Error('shard not written on this drive');
    }),
  );
  let ok = 0;
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') ok++;
    else if (!(r.reason instanceof S3Error) && !/shard not written/.test(String(r.reason))) {
      (set.drives[i] as Drive).reportError(r.reason);
    }
  });
  if (ok < (newData?.writeQuorum ?? set.writeQuorum))
    throw s3Error('InsufficientWriteQuorum', { BucketName: bucket, Key: key });
}

/** Write one drive's copy of the agreed metadata (heal of a stale or missing copy). */
export async function writeDriveMeta(
  set: ErasureSet,
  d: Drive,
  bucket: string,
  key: string,
  doc: MetaDoc,
  inline: Map<string, Buffer>,
): Promise<void> {
  await set.writeRow(d.index, bucket, key, encodeRow(doc, inline));
}
