// SPDX-License-Identifier: Apache-2.0
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CATALOG_FILE, settleCatalogAt } from '../catalog.js';
import { SYS_DIR } from '../drive.js';
import { type DriveMeta, decodeRow, type VersionRecord } from '../meta.js';
import { objectDirSegments } from '../names.js';

/**
 * Test-only: what a drive's catalog (the store's object metadata) holds, and damage to it, through a
 * connection of the test's own to the drive's database (WAL mode: the store's connection sees the
 * change at its next read).
 */

export interface RawRow {
  key: string;
  gen: string;
  doc: string;
  inline: Buffer | null;
}

/**
 * A connection of the test's own to a drive folder's catalog. Rows the store's catalog in this process
 * still stages (Catalog.stage) go into the file first: the test sees every acknowledged write, and
 * damage it does is not overwritten by a later apply.
 */
export function driveCatalogDb(driveRoot: string): DatabaseSync {
  const file = path.join(driveRoot, SYS_DIR, CATALOG_FILE);
  settleCatalogAt(file);
  return new DatabaseSync(file);
}

function withDb<T>(driveRoot: string, fn: (db: DatabaseSync) => T): T {
  const db = driveCatalogDb(driveRoot);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Every row of a bucket on one drive folder, in key order. */
export function catalogRows(driveRoot: string, bucket: string): RawRow[] {
  return withDb(driveRoot, (db) =>
    (
      db
        .prepare(
          'SELECT o.key, o.gen, o.doc, i.blob AS inline FROM objects o LEFT JOIN inline_blobs i ' +
            'ON i.bucket = o.bucket AND i.key = o.key WHERE o.bucket = ? ORDER BY o.key',
        )
        .all(bucket) as {
        key: Uint8Array;
        gen: string;
        doc: string;
        inline: Uint8Array | null;
      }[]
    ).map((r) => ({
      key: Buffer.from(r.key).toString('utf8'),
      gen: r.gen,
      doc: r.doc,
      inline: r.inline ? Buffer.from(r.inline) : null,
    })),
  );
}

/** A key's metadata as one drive holds it (decoded), or null. */
export function driveMeta(driveRoot: string, bucket: string, key: string): DriveMeta | null {
  const row = catalogRows(driveRoot, bucket).find((r) => r.key === key);
  return row ? decodeRow(row.doc, row.inline) : null;
}

/** Remove a drive's rows of a bucket (all, or the given keys): as if the writes never reached it. */
export function deleteRows(driveRoot: string, bucket: string, keys?: string[]): number {
  return withDb(driveRoot, (db) => {
    if (!keys) {
      db.prepare('DELETE FROM inline_blobs WHERE bucket = ?').run(bucket);
      return Number(db.prepare('DELETE FROM objects WHERE bucket = ?').run(bucket).changes);
    }
    const del = db.prepare('DELETE FROM objects WHERE bucket = ? AND key = ?');
    const delInline = db.prepare('DELETE FROM inline_blobs WHERE bucket = ? AND key = ?');
    let n = 0;
    for (const k of keys) {
      delInline.run(bucket, Buffer.from(k));
      n += Number(del.run(bucket, Buffer.from(k)).changes);
    }
    return n;
  });
}

/** Remove every row of a drive folder's catalog (when it has one): the drive lost all its objects' metadata. */
export function deleteAllRows(driveRoot: string): void {
  if (!existsSync(path.join(driveRoot, SYS_DIR, CATALOG_FILE))) return;
  withDb(driveRoot, (db) => db.exec('DELETE FROM objects; DELETE FROM inline_blobs'));
}

/**
 * Rewrite a drive's rows of a bucket: `change` returns the new doc and inline blob of a row (or null
 * to leave it). Returns how many rows changed.
 */
export function rewriteRows(
  driveRoot: string,
  bucket: string,
  change: (r: RawRow) => { doc: string; inline: Buffer | null } | null,
): number {
  const rows = catalogRows(driveRoot, bucket);
  return withDb(driveRoot, (db) => {
    // The row's listing summary goes: its listing reads the (changed) document instead.
    const put = db.prepare(
      'UPDATE objects SET doc = ?, summary = NULL, ssum = NULL WHERE bucket = ? AND key = ?',
    );
    const putInline = db.prepare('INSERT OR REPLACE INTO inline_blobs (bucket, key, blob) VALUES (?, ?, ?)');
    const delInline = db.prepare('DELETE FROM inline_blobs WHERE bucket = ? AND key = ?');
    let n = 0;
    for (const r of rows) {
      const c = change(r);
      if (!c) continue;
      const k = Buffer.from(r.key);
      put.run(c.doc, bucket, k);
      if (c.inline) putInline.run(bucket, k, c.inline);
      else delInline.run(bucket, k);
      n++;
    }
    return n;
  });
}

/** Flip one byte of a buffer (a copy), at `at` (negative: from the end). */
export function flipped(b: Buffer, at = 0): Buffer {
  const out = Buffer.from(b);
  const i = at < 0 ? out.length + at : at;
  out[i] = (out[i] as number) ^ 0xff;
  return out;
}

async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = path.join(dir, e.name);
    // A file removed since the readdir (the store frees data while tests poll) counts as gone.
    total += e.isDirectory() ? await bytesUnder(p) : ((await stat(p).catch(() => null))?.size ?? 0);
  }
  return total;
}

/** Bytes an object takes on one drive folder: its catalog row (document and inline blobs) and its shard files. */
export async function storedBytes(driveRoot: string, bucket: string, key: string): Promise<number> {
  const row = catalogRows(driveRoot, bucket).find((r) => r.key === key);
  const inRow = row ? Buffer.byteLength(row.doc) + (row.inline?.length ?? 0) : 0;
  return inRow + (await bytesUnder(path.join(driveRoot, bucket, ...objectDirSegments(key))));
}

/** The version records of a key as one drive folder holds them. */
export function versionsOn(driveRoot: string, bucket: string, key: string): VersionRecord[] {
  const m = driveMeta(driveRoot, bucket, key);
  if (!m) throw new Error(`no metadata for ${key} on ${driveRoot}`);
  return m.doc.versions;
}
