// SPDX-License-Identifier: Apache-2.0
import fs from 'node:fs';
import path from 'node:path';
import { BITROT_SIZE, bitrotSum } from './codec/bitrot.js';
import type { Drive } from './drive.js';
import { isNotFound, pruneEmptyDirs, SYS_DIR } from './drive.js';
import { decodeRecords, JOURNAL_DIR } from './journal.js';
import type { MetaDoc, MetaRow } from './meta.js';
import { decodeSegment, metaPathObject } from './names.js';

/**
 * Import of a data folder written by a build before the catalog: every object folder then held a
 * `meta` file ('SWM1' | xxh64(rest) | json length (4) | json | inline shard blobs) and the drive's
 * journal named those files. At the first open of a drive whose catalog is new, the legacy journal's
 * last record per file is put in place (as the old build's replay did), every `meta` file becomes a row
 * (in transactions of IMPORT_BATCH), the catalog is checkpointed (flushed), and only then are the
 * `meta` files removed (with their folders, when nothing else is left in them: inline objects) and the
 * legacy journal segments deleted. An import cut short runs again at the next open (`user_version`
 * stays 0 until it completes; rows are upserts).
 */

const MAGIC = Buffer.from('SWM1');
const IMPORT_BATCH = 1000;

/** A legacy `meta` file's bytes (the fixture generator of the import's tests). */
export function encodeLegacyMeta(doc: MetaDoc, inline: Map<string, Buffer>): Buffer {
  const blobs: Buffer[] = [];
  const index: [string, number][] = [];
  for (const v of doc.versions) {
    const b = v.inline && v.dataDir ? inline.get(v.dataDir) : undefined;
    if (!b || !v.dataDir) continue;
    index.push([v.dataDir, b.length]);
    blobs.push(b);
  }
  const json = Buffer.from(JSON.stringify({ ...doc, inline: index }));
  const len = Buffer.alloc(4);
  len.writeUInt32BE(json.length);
  const body = Buffer.concat([len, json, ...blobs]);
  return Buffer.concat([MAGIC, bitrotSum(body), body]);
}

/** The catalog row of a legacy `meta` file; null when it is damaged (that copy counts as missing). */
export function legacyRow(buf: Buffer): MetaRow | null {
  if (buf.length < 4 + BITROT_SIZE + 4 || !buf.subarray(0, 4).equals(MAGIC)) return null;
  const body = buf.subarray(4 + BITROT_SIZE);
  if (!bitrotSum(body).equals(buf.subarray(4, 4 + BITROT_SIZE))) return null;
  const len = body.readUInt32BE(0);
  const doc = body.toString('utf8', 4, 4 + len);
  try {
    const gen = (JSON.parse(doc) as { gen: unknown }).gen;
    if (typeof gen !== 'string') return null;
    return { gen, doc, inline: body.length > 4 + len ? Buffer.from(body.subarray(4 + len)) : null };
  } catch {
    return null;
  }
}

/** Every legacy `meta` file on a drive: bucket, key and file, folder by folder (no whole-tree arrays). */
function* legacyMetaFiles(root: string): Generator<{ bucket: string; key: string; file: string }> {
  function* under(
    dir: string,
    bucket: string,
    prefix: string,
  ): Generator<{ bucket: string; key: string; file: string }> {
    let d: fs.Dir;
    try {
      d = fs.opendirSync(dir);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    try {
      for (let e = d.readSync(); e; e = d.readSync()) {
        if (!e.isDirectory()) continue;
        const p = path.join(dir, e.name);
        if (e.name.startsWith('.')) {
          const file = path.join(p, 'meta');
          if (fs.existsSync(file)) yield { bucket, key: prefix + decodeSegment(e.name.slice(1)), file };
        } else {
          yield* under(p, bucket, `${prefix}${decodeSegment(e.name)}/`);
        }
      }
    } finally {
      d.closeSync();
    }
  }
  for (const b of fs.readdirSync(root, { withFileTypes: true })) {
    if (b.isDirectory() && !b.name.startsWith('.')) yield* under(path.join(root, b.name), b.name, '');
  }
}

/**
 * Put the legacy journal's records in place (files, as the old build's replay did); returns the
 * segments and the objects they named (healed across drives once every drive is open).
 */
async function replayLegacyJournal(drive: Drive): Promise<{ segments: string[]; touched: string[] }> {
  const dir = path.join(drive.root, SYS_DIR, JOURNAL_DIR);
  let names: string[];
  try {
    names = fs
      .readdirSync(dir)
      .filter((n) => n.endsWith('.log'))
      .sort();
  } catch (err) {
    if (isNotFound(err)) return { segments: [], touched: [] };
    throw err;
  }
  const last = new Map<string, Buffer | null>();
  for (const n of names) {
    for (const r of decodeRecords(fs.readFileSync(path.join(dir, n)))) last.set(r.name, r.bytes);
  }
  const touched: string[] = [];
  for (const [rel, bytes] of last) {
    const obj = metaPathObject(rel);
    if (!obj) continue;
    const file = path.join(drive.root, rel);
    if (bytes) {
      const tmp = drive.tmp(`legacy-${touched.length}.jmeta`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(tmp, bytes);
      fs.renameSync(tmp, file);
    } else {
      fs.rmSync(file, { force: true });
      await removeEmptyFolder(path.dirname(file), path.join(drive.root, obj.bucket));
    }
    touched.push(`${obj.bucket}/${obj.key}`);
  }
  return { segments: names.map((n) => path.join(dir, n)), touched };
}

/** Remove an object folder left empty (an inline object's) and the empty folders above it. */
async function removeEmptyFolder(dir: string, bucketDir: string): Promise<void> {
  try {
    fs.rmdirSync(dir);
  } catch {
    return; // a large object's data folders stay
  }
  await pruneEmptyDirs(path.dirname(dir), bucketDir);
}

/**
 * Import a drive's legacy `meta` files into its (new) catalog; returns the objects the legacy
 * journal named (journal names, `bucket/key`).
 */
export async function importLegacy(drive: Drive): Promise<string[]> {
  const { catalog } = drive;
  const { segments, touched } = await replayLegacyJournal(drive);
  let batch: { bucket: string; key: string; row: MetaRow | null }[] = [];
  const flush = (): void => {
    if (batch.length > 0) catalog.apply(batch);
    batch = [];
  };
  for (const m of legacyMetaFiles(drive.root)) {
    const row = legacyRow(fs.readFileSync(m.file));
    // A damaged copy is left out, as the old build read it: missing on this drive, healed from others.
    if (row) batch.push({ bucket: m.bucket, key: m.key, row });
    if (batch.length >= IMPORT_BATCH) flush();
  }
  flush();
  catalog.markImported();
  catalog.checkpoint(true);
  for (const m of legacyMetaFiles(drive.root)) {
    fs.rmSync(m.file, { force: true });
    await removeEmptyFolder(path.dirname(m.file), path.join(drive.root, m.bucket));
  }
  for (const s of segments) fs.rmSync(s, { force: true });
  return touched;
}
