// SPDX-License-Identifier: Apache-2.0
/**
 * What MinIO's `inspect-data` collects, from this store's drives: for every object key matching a
 * pattern, each drive's own copy of the object's metadata (its catalog row: generation and document,
 * `catalog-row.json`, and the drive's inline shards, `inline.bin`) and the drive's shard files of the
 * object's versions (`<dataDir>/part.<n>`). Read straight from the drive folders — the catalogs through
 * connections of their own, read-only (WAL mode lets them read beside the store's) — so a damaged
 * drive is seen as it is, which is what inspect is for.
 */
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CATALOG_FILE, settleCatalogAt } from '../object-layer/catalog.js';
import { SYS_DIR } from '../object-layer/drive.js';
import { objectDirSegments } from '../object-layer/names.js';

/** One file of the answer: its path in the zip and its bytes (or the file on the drive to copy). */
export interface RawFile {
  name: string;
  mtime: Date;
  data: Buffer | { file: string };
}

/** Keys one inspect may gather (MinIO walks without a bound; a support bundle should stay small). */
export const MAX_INSPECT_KEYS = 1000;

/**
 * The key pattern of MinIO's `file`: `*` any characters (slashes too), `?` one; a trailing `/xl.meta`
 * or `/part.1` (MinIO's own file names) names the object. The prefix before the first wildcard narrows
 * the catalog scan.
 */
export function keyPattern(file: string): { prefix: string; test: (key: string) => boolean } {
  const pattern = file.replace(/^\/+/, '').replace(/\/(xl\.meta|part\.\d+)$/, '');
  const wild = pattern.search(/[*?]/);
  const prefix = wild < 0 ? pattern : pattern.slice(0, wild);
  const re = new RegExp(
    `^${pattern
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[\\^$.+()[\]{}|]/g, '\\$&')))
      .join('')}$`,
    's',
  );
  return { prefix, test: (key) => re.test(key) };
}

function withCatalog<T>(drive: string, fn: (db: DatabaseSync) => T): T | undefined {
  const file = path.join(drive, SYS_DIR, CATALOG_FILE);
  if (!existsSync(file)) return undefined;
  let db: DatabaseSync | undefined;
  try {
    // Rows this store's catalog stages (written, not yet applied) go into the file first.
    settleCatalogAt(file);
    db = new DatabaseSync(file, { readOnly: true });
    return fn(db);
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}

/** The keys of `bucket` matching `file` on any drive, in key order (at most `limit`). */
export function matchingKeys(
  drives: readonly string[],
  bucket: string,
  file: string,
  limit = MAX_INSPECT_KEYS,
): string[] {
  const { prefix, test } = keyPattern(file);
  const found = new Set<string>();
  const from = Buffer.from(prefix);
  for (const drive of drives) {
    withCatalog(drive, (db) => {
      const rows = db
        .prepare('SELECT key FROM objects WHERE bucket = ? AND key >= ? ORDER BY key')
        .iterate(bucket, from) as Iterable<{ key: Uint8Array }>;
      for (const row of rows) {
        const key = Buffer.from(row.key).toString('utf8');
        if (!key.startsWith(prefix) || found.size >= limit * 2) break;
        if (test(key)) found.add(key);
      }
    });
  }
  return [...found].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))).slice(0, limit);
}

async function* folderFiles(
  root: string,
  rel = '',
): AsyncGenerator<{ rel: string; file: string; mtime: Date }> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(path.join(root, rel), { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const childRel = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) yield* folderFiles(root, childRel);
    else if (e.isFile()) {
      const file = path.join(root, childRel);
      const s = await stat(file).catch(() => null);
      if (s) yield { rel: childRel, file, mtime: s.mtime };
    }
  }
}

/**
 * Every drive's files of `key`: `<label>/<bucket>/<key>/catalog-row.json`, `…/inline.bin` and
 * `…/<dataDir>/part.<n>`; `label` names the drive in the zip (MinIO: host and drive path).
 */
export async function* rawFiles(
  drives: readonly { path: string; label: string }[],
  bucket: string,
  key: string,
): AsyncGenerator<RawFile> {
  for (const drive of drives) {
    const base = `${drive.label}/${bucket}/${key}`;
    const row = withCatalog(
      drive.path,
      (db) =>
        db
          .prepare(
            'SELECT o.gen, o.doc, i.blob FROM objects o LEFT JOIN inline_blobs i ' +
              'ON i.bucket = o.bucket AND i.key = o.key WHERE o.bucket = ? AND o.key = ?',
          )
          .get(bucket, Buffer.from(key)) as { gen: string; doc: string; blob: Uint8Array | null } | undefined,
    );
    if (row) {
      let doc: unknown = row.doc;
      try {
        doc = JSON.parse(row.doc);
      } catch {
        // A damaged document is kept as the text it is.
      }
      const json = `${JSON.stringify({ bucket, key, gen: row.gen, doc }, null, 2)}\n`;
      yield { name: `${base}/catalog-row.json`, mtime: new Date(), data: Buffer.from(json) };
      if (row.blob && row.blob.length > 0) {
        yield { name: `${base}/inline.bin`, mtime: new Date(), data: Buffer.from(row.blob) };
      }
    }
    // The object's own folder (`…/.<last>/`) holds only its versions' `<dataDir>/part.<n>` files.
    const folder = path.join(drive.path, bucket, ...objectDirSegments(key));
    for await (const f of folderFiles(folder)) {
      yield { name: `${base}/${f.rel}`, mtime: f.mtime, data: { file: f.file } };
    }
  }
}
