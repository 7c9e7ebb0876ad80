// SPDX-License-Identifier: Apache-2.0
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { crc32 } from 'node:zlib';
import { SCAN_COLUMNS, type ScanMode, summaryOfDoc } from './catalog-summary.js';
import { type MetaRow, rowSums } from './meta.js';

/**
 * A drive's metadata catalog: one SQLite database (`node:sqlite`) under the drive's system folder
 * holding a row per object — `(bucket, key)` → `gen`, the metadata JSON and its CRC-32, with this
 * drive's inline blobs in a second table — in place of a `meta` file per object folder. Keys are BLOBs of their UTF-8 bytes, so the primary
 * key's order is S3's key order and a listing is an ordered range scan; a common prefix is skipped with
 * one seek (every key starting with `p` sorts below `p + 0xFF`, a byte no UTF-8 text holds).
 *
 * Durability: the drive's journal (./journal.ts) makes a write durable; the catalog stages the rows of
 * each flushed batch and applies them with others in one transaction (`stage`). The database runs in WAL mode with `synchronous=NORMAL`:
 * commits append to the WAL without a flush, SQLite's checkpoints (WAL → database) flush before and
 * after copying, so neither a killed process nor a power loss corrupts the file — at worst the last
 * commits are missing, and the journal segments naming them are deleted only after a `syncfs` made
 * the WAL durable. SQLite's automatic checkpoint is off (`wal_autocheckpoint=0`): the journal's own
 * checkpoint runs a PASSIVE one (see DriveJournal). Without journals (`mode` 'full': each write
 * flushed on its own; 'off': no flushes at all) SQLite's defaults for those modes apply.
 *
 * A drive folder removed or replaced while the store runs: an open connection to an unlinked file
 * would keep "working", so the file's identity (device, inode) is checked before a write and at most
 * every second before a read; a mismatch closes the connection and fails the call (the drive's health
 * check then takes it offline, and reopens the catalog when the folder is usable again).
 */

export const CATALOG_FILE = 'catalog.db';

/** How the catalog's commits are flushed (see above). */
export type CatalogMode = 'journal' | 'full' | 'off';

/** Upper bound above every key (UTF-8 never holds 0xFF). */
export const KEY_END = Buffer.from([0xff]);

/**
 * One row of a scan, as node:sqlite hands it over (an array: no object per row): the key (the text of
 * its UTF-8 bytes), its generation, and either its document (with its CRC-32) or, in a summary or usage
 * scan, its listing summary (./catalog-summary.ts, with its own CRC-32) — the document too where the
 * summary does not tell what the scan needs (see ScanMode). A `gens` row ends after the generation.
 * Read its fields by the names below (`row[GEN]`).
 */
export type ScanRow = [
  key: string,
  gen: string,
  doc?: string | null,
  sum?: number | null,
  summary?: string | null,
  ssum?: number | null,
];
export const KEY = 0;
export const GEN = 1;
export const DOC = 2;
export const SUM = 3;
export const SUMMARY = 4;
export const SSUM = 5;

/**
 * Whether a row's document is the one written: SQLite keeps no checksums of its pages, so each row
 * carries the CRC-32 of its JSON (inline shards carry their blocks' own xxh64). A damaged copy counts as
 * missing, as a damaged `meta` file did.
 */
export function docIntact(doc: string, sum: number | null | undefined): boolean {
  return crc32(doc) === sum;
}

/** One change of a batch: a row to upsert, or `row` null to delete. */
export interface CatalogChange {
  bucket: string;
  key: string;
  row: MetaRow | null;
}

/**
 * Two tables: the documents (each with its listing summary, ./catalog-summary.ts, and their CRC-32s),
 * and this drive's inline blobs (small objects' shards) apart, so that a listing's scan of documents
 * reads compact rows. In one table a 4 KiB object's row (~2.7 KiB) passed
 * SQLite's local payload limit (~1 KiB at 4 KiB pages) and its document spilled into overflow pages
 * the scan had to follow: 50k such keys listed at 28.5k keys/s in process, 16-byte objects at 73k.
 * The blobs are in a rowid table with a unique index on the key: its leaves hold a row of up to ~4 KiB,
 * so a 4 KiB object's 2 KiB shard takes no overflow page (in a WITHOUT ROWID table, an index b-tree,
 * a row keeps ~0.5 KiB on its leaf and the rest on an overflow page of its own).
 */
const BLOBS_TABLE = `CREATE TABLE IF NOT EXISTS inline_blobs (
  bucket TEXT NOT NULL,
  key BLOB NOT NULL,
  blob BLOB NOT NULL
)`;
const BLOBS_INDEX = 'CREATE UNIQUE INDEX IF NOT EXISTS inline_blobs_key ON inline_blobs (bucket, key)';

const SCHEMA = `CREATE TABLE IF NOT EXISTS objects (
  bucket TEXT NOT NULL,
  key BLOB NOT NULL,
  gen TEXT NOT NULL,
  doc TEXT NOT NULL,
  sum INTEGER NOT NULL,
  summary TEXT,
  ssum INTEGER,
  PRIMARY KEY (bucket, key)
) WITHOUT ROWID;
${BLOBS_TABLE};
${BLOBS_INDEX}`;

/**
 * Migration of a catalog written with the blobs' table WITHOUT ROWID: its rows are copied into a rowid
 * table of the same name and columns, in key order, the unique index built after them, in one
 * transaction. The name and columns stay, so a build from before reads and writes the new table as it
 * did the old one (its statements name the key, which the unique index serves and `OR REPLACE` keeps
 * unique).
 */
function rowidBlobs(db: DatabaseSync): boolean {
  const old = db
    .prepare("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'inline_blobs'")
    .get() as { sql: string } | undefined;
  if (!old || !/WITHOUT\s+ROWID/i.test(old.sql)) return false;
  inTransaction(db, () =>
    db.exec(
      `ALTER TABLE inline_blobs RENAME TO inline_blobs_old;
      ${BLOBS_TABLE};
      INSERT INTO inline_blobs (bucket, key, blob) SELECT bucket, key, blob FROM inline_blobs_old ORDER BY bucket, key;
      DROP TABLE inline_blobs_old;
      ${BLOBS_INDEX}`,
    ),
  );
  return true;
}

/** Run `fn` in one transaction, rolled back if it throws. */
function inTransaction(
  db: DatabaseSync,
  fn: () => void,
  begin?: StatementSync,
  commit?: StatementSync,
): void {
  if (begin) begin.run();
  else db.exec('BEGIN');
  try {
    fn();
    if (commit) commit.run();
    else db.exec('COMMIT');
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw err;
  }
}

/**
 * Migration of a catalog written before listing summaries: add the two columns and fill them from the
 * documents, in one transaction (a damaged document's row keeps no summary: its listing reads the
 * document, finds it damaged and asks the quorum, as before). Rows a build without summaries writes
 * later have none either, and are listed from their documents.
 */
function addSummaries(db: DatabaseSync): boolean {
  const cols = db.prepare('PRAGMA table_info(objects)').all() as { name: string }[];
  if (cols.some((c) => c.name === 'summary')) return false;
  inTransaction(db, () => {
    db.exec('ALTER TABLE objects ADD COLUMN summary TEXT; ALTER TABLE objects ADD COLUMN ssum INTEGER');
    const page = db.prepare(
      'SELECT bucket, key, doc, sum FROM objects WHERE (bucket, key) > (?, ?) ORDER BY bucket, key LIMIT 1000',
    );
    page.setReturnArrays(true);
    const set = db.prepare('UPDATE objects SET summary = ?, ssum = ? WHERE bucket = ? AND key = ?');
    let at: [string, Uint8Array] = ['', new Uint8Array(0)];
    for (;;) {
      const rows = page.all(...at) as unknown as [string, Uint8Array, string, number][];
      for (const [bucket, key, doc, sum] of rows) {
        const summary = docIntact(doc, sum) ? summaryOfDoc(doc) : null;
        if (summary !== null) set.run(summary, crc32(summary), bucket, key);
      }
      const last = rows.at(-1);
      if (!last || rows.length < 1000) break;
      at = [last[0], last[1]];
    }
  });
  return true;
}

/** How often a read re-checks that the file is still the drive's. */
const VERIFY_MS = 1000;

/**
 * Staged rows (see Catalog.stage) are applied once this many wait, or they hold this many bytes
 * (inline shards of objects up to 128 KiB: 512 of them would hold 32 MiB), or after STAGE_MS.
 */
const STAGE_ROWS = 512;
const STAGE_BYTES = 4 * 1024 * 1024;
const STAGE_MS = 200;

/** This process's open catalogs by file: see settleCatalogAt. */
const openCatalogs = new Map<string, Catalog>();

/**
 * Apply the staged rows of the catalog open at `file` in this process, if any: for readers of the
 * database file through connections of their own (inspect's raw rows, tests that damage rows).
 */
export function settleCatalogAt(file: string): void {
  openCatalogs.get(path.resolve(file))?.settle();
}

/** The staging map's key of an object: bucket names hold no '/'. */
function stageId(bucket: string, key: string): string {
  return `${bucket}/${key}`;
}

interface Statements {
  get: StatementSync;
  put: StatementSync;
  del: StatementSync;
  putInline: StatementSync;
  delInline: StatementSync;
  /** Per scan mode: from a key (inclusive), and after it. */
  scans: Record<ScanMode, [StatementSync, StatementSync]>;
  begin: StatementSync;
  commit: StatementSync;
}

export class Catalog {
  readonly file: string;
  readonly mode: CatalogMode;
  private db: DatabaseSync | null = null;
  private st: Statements | null = null;
  private ident = '';
  private verified = 0;
  /** Changes made durable by the drive's journal and not yet applied (journal mode), by object. */
  private staged = new Map<string, CatalogChange>();
  /** Bytes of the staged rows' documents and inline blobs (an overwritten key's counted twice). */
  private stagedBytes = 0;
  private stageTimer: NodeJS.Timeout | null = null;

  constructor(sysDir: string, mode: CatalogMode) {
    // Absolute: the key of this process's open catalogs (settleCatalogAt).
    this.file = path.resolve(sysDir, CATALOG_FILE);
    this.mode = mode;
  }

  get isOpen(): boolean {
    return this.db !== null;
  }

  /**
   * Open (creating) the database. Returns whether it is new and still needs a legacy import
   * (`user_version` 0 until `markImported`). Never creates the drive's folders: a drive folder that
   * went away stays away.
   */
  open(): boolean {
    if (this.db) return this.imported() === false;
    const db = new DatabaseSync(this.file);
    try {
      db.exec('PRAGMA journal_mode=WAL');
      const sync = this.mode === 'journal' ? 'NORMAL' : this.mode === 'full' ? 'FULL' : 'OFF';
      db.exec(`PRAGMA synchronous=${sync}`);
      if (this.mode === 'journal') db.exec('PRAGMA wal_autocheckpoint=0');
      // Before the schema: it would index the old blobs' table for nothing.
      const migrated = rowidBlobs(db);
      db.exec(SCHEMA);
      // A migrated catalog's WAL holds a rewrite of every row: copy it into the database now.
      if (addSummaries(db) || migrated) db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      const prep = (sql: string, arrays = true): StatementSync => {
        const s = db.prepare(sql);
        s.setReturnArrays(arrays);
        return s;
      };
      const scans = (mode: ScanMode): [StatementSync, StatementSync] => {
        const sql = `SELECT ${SCAN_COLUMNS[mode]} FROM objects WHERE bucket = ? AND key`;
        return [
          prep(`${sql} >= ? AND key < ? ORDER BY key LIMIT ?`),
          prep(`${sql} > ? AND key < ? ORDER BY key LIMIT ?`),
        ];
      };
      this.st = {
        get: prep(
          'SELECT o.doc, o.sum, i.blob FROM objects o LEFT JOIN inline_blobs i ' +
            'ON i.bucket = o.bucket AND i.key = o.key WHERE o.bucket = ? AND o.key = ?',
        ),
        put: prep(
          'INSERT OR REPLACE INTO objects (bucket, key, gen, doc, sum, summary, ssum) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ),
        del: prep('DELETE FROM objects WHERE bucket = ? AND key = ?'),
        putInline: prep('INSERT OR REPLACE INTO inline_blobs (bucket, key, blob) VALUES (?, ?, ?)'),
        delInline: prep('DELETE FROM inline_blobs WHERE bucket = ? AND key = ?'),
        scans: {
          docs: scans('docs'),
          summaries: scans('summaries'),
          usage: scans('usage'),
          gens: scans('gens'),
        },
        // Prepared once: `exec` would parse them for every batch.
        begin: prep('BEGIN'),
        commit: prep('COMMIT'),
      };
    } catch (err) {
      db.close();
      throw err;
    }
    this.db = db;
    openCatalogs.set(this.file, this);
    this.ident = this.identity() ?? '';
    this.verified = Date.now();
    return !this.imported();
  }

  private imported(): boolean {
    const row = (this.db as DatabaseSync).prepare('PRAGMA user_version').get() as { user_version: number };
    return row.user_version > 0;
  }

  /** Record that the legacy import (./legacy-import.ts) is complete. */
  markImported(): void {
    this.conn().exec('PRAGMA user_version=1');
  }

  close(): void {
    // Staged rows go in first, unless the file is no longer the drive's (conn closes through here).
    if (this.db && this.staged.size > 0 && this.identity() === this.ident) {
      try {
        this.write(this.staged.values());
      } catch {
        // The drive is unusable: its staged rows are in its journal, and the other drives hold the writes.
      }
    }
    this.dropStaged();
    if (openCatalogs.get(this.file) === this) openCatalogs.delete(this.file);
    const db = this.db;
    this.db = null;
    this.st = null;
    if (!db) return;
    try {
      db.close();
    } catch {
      // Already unusable: nothing to release.
    }
  }

  private identity(): string | null {
    const s = fs.statSync(this.file, { throwIfNoEntry: false });
    return s ? `${s.dev}:${s.ino}` : null;
  }

  /** The open connection, its file checked (always with `now`, else at most every VERIFY_MS). */
  private conn(now = false): DatabaseSync {
    const db = this.db;
    if (!db) throw new Error(`catalog ${this.file} is not open`);
    const t = Date.now();
    if (now || t - this.verified > VERIFY_MS) {
      if (this.identity() !== this.ident) {
        this.close();
        throw new Error(`catalog ${this.file} was removed or replaced`);
      }
      this.verified = t;
    }
    return db;
  }

  private stmts(now = false): Statements {
    this.conn(now);
    return this.st as Statements;
  }

  /**
   * A key's row: its JSON document (null when damaged: see docIntact) and inline blobs; undefined when
   * the drive holds no row.
   */
  read(bucket: string, key: string): { doc: string | null; inline: Uint8Array | null } | undefined {
    const staged = this.staged.size > 0 ? this.staged.get(stageId(bucket, key)) : undefined;
    if (staged) {
      this.conn();
      return staged.row ? { doc: staged.row.doc, inline: staged.row.inline } : undefined;
    }
    const r = this.stmts().get.get(bucket, Buffer.from(key)) as unknown as
      | [string, number, Uint8Array | null]
      | undefined;
    return r ? { doc: docIntact(r[0], r[1]) ? r[0] : null, inline: r[2] } : undefined;
  }

  /**
   * Take a batch of changes the drive's journal has made durable, and apply them later with others
   * (write-behind): a SQLite transaction per journal batch (~6 rows under 16 concurrent PUTs) cost a
   * small PUT more CPU than one per a few hundred rows. Reads see staged rows at once (`read` looks
   * here first); every other use of the database — scans, a bucket's removal, the journal's
   * checkpoint, `close` — applies them first. Nothing is lost: a staged row's record is in a journal
   * segment, which is deleted only after a checkpoint applied it and flushed the file system; a crash
   * replays the segment. Outside journal mode the changes are applied at once.
   */
  stage(changes: Iterable<CatalogChange>): void {
    if (this.mode !== 'journal') {
      this.apply(changes);
      return;
    }
    this.conn(true);
    for (const c of changes) {
      this.staged.set(stageId(c.bucket, c.key), c);
      this.stagedBytes += c.row ? c.row.doc.length + (c.row.inline?.length ?? 0) : 0;
    }
    if (this.staged.size >= STAGE_ROWS || this.stagedBytes >= STAGE_BYTES) this.settle();
    else
      this.stageTimer ??= setTimeout(() => {
        this.stageTimer = null;
        try {
          this.settle();
        } catch {
          // Kept staged: the next use of the database applies them, or fails as this did.
        }
      }, STAGE_MS).unref();
  }

  /** Apply the staged rows now (one transaction); they stay staged if it fails. */
  settle(): void {
    if (this.staged.size === 0 || !this.db) return;
    this.write(this.staged.values());
    this.dropStaged();
  }

  private dropStaged(): void {
    this.staged.clear();
    this.stagedBytes = 0;
    if (this.stageTimer) clearTimeout(this.stageTimer);
    this.stageTimer = null;
  }

  /** Apply a batch of changes in one transaction (after the staged ones). */
  apply(changes: Iterable<CatalogChange>): void {
    this.settle();
    this.write(changes);
  }

  private write(changes: Iterable<CatalogChange>): void {
    const st = this.stmts(true);
    inTransaction(
      this.db as DatabaseSync,
      () => {
        for (const c of changes) {
          const k = Buffer.from(c.key);
          if (c.row) {
            const { gen, doc } = c.row;
            // A row made by encodeRow carries its summary and CRC-32s; one from replay or import neither.
            const summary = c.row.summary !== undefined ? c.row.summary : summaryOfDoc(doc);
            const sums = (c.row.summary !== undefined && c.row.sums) || rowSums(doc, summary);
            st.put.run(c.bucket, k, gen, doc, sums.doc, summary, sums.summary);
          } else st.del.run(c.bucket, k);
          if (c.row?.inline) st.putInline.run(c.bucket, k, c.row.inline);
          else st.delInline.run(c.bucket, k);
        }
      },
      st.begin,
      st.commit,
    );
  }

  /**
   * Up to `limit` rows of a bucket in key order from `from` (or after it) to before `to`, with the
   * columns `mode` reads (see ScanMode).
   */
  scan(
    bucket: string,
    from: Buffer,
    inclusive: boolean,
    to: Buffer,
    limit: number,
    mode: ScanMode = 'docs',
  ): ScanRow[] {
    this.settle();
    const [fromSt, afterSt] = this.stmts().scans[mode];
    return (inclusive ? fromSt : afterSt).all(bucket, from, to, limit) as unknown as ScanRow[];
  }

  /**
   * Remove every row of a bucket, durably: a removal the journal does not hold is flushed by a
   * checkpoint (which flushes the WAL first), so power loss cannot bring the rows back.
   */
  deleteBucket(bucket: string): void {
    this.settle();
    const db = this.conn(true);
    db.prepare('DELETE FROM objects WHERE bucket = ?').run(bucket);
    db.prepare('DELETE FROM inline_blobs WHERE bucket = ?').run(bucket);
    if (this.mode === 'journal') this.checkpoint();
  }

  /**
   * Copy the WAL into the database and flush it: PASSIVE (never waits; the journal's checkpoint), or
   * with `truncate` a complete one that empties the WAL (after the legacy import).
   */
  checkpoint(truncate = false): void {
    this.settle();
    if (this.db) this.conn(true).exec(`PRAGMA wal_checkpoint(${truncate ? 'TRUNCATE' : 'PASSIVE'})`);
  }
}
