// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isS3Error } from '../core/errors.js';
import { KEY, KEY_END } from './catalog.js';
import { Drive } from './drive.js';
import { openObjectLayer } from './index.js';
import { DriveJournal, decodeRecords, encodeRecord } from './journal.js';
import { type MetaRow, rowBytes, rowOfBytes } from './meta.js';
import { catalogRows, deleteRows, rewriteRows } from './test-support/catalog-rows.js';
import { WalCheckpointer } from './wal-checkpointer.js';

const row = (gen: string, inline?: string): MetaRow => ({
  gen,
  doc: JSON.stringify({ gen, updated: 1, versions: [], inline: inline ? [['d', inline.length]] : [] }),
  inline: inline ? Buffer.from(inline) : null,
});

async function readAll(s: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Rows in a catalog's database file as another process (or a crash) finds it: staged rows not applied. */
function rowsInFile(file: string): number {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM objects').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function journalSegments(driveRoot: string): Promise<string[]> {
  return readdir(path.join(driveRoot, '.stowage.sys', 'journal')).catch(() => []);
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-journal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('journal records', () => {
  it('round-trip, and a torn or damaged tail ends the segment', () => {
    const a = encodeRecord('b/k', Buffer.from('first'));
    const b = encodeRecord('b/other', null);
    const c = encodeRecord('b/k', randomBytes(5000));
    const all = Buffer.concat([a, b, c]);
    expect(decodeRecords(all)).toEqual([
      { name: 'b/k', bytes: Buffer.from('first') },
      { name: 'b/other', bytes: null },
      { name: 'b/k', bytes: c.subarray(8 + 2 + 3 + 1) },
    ]);
    // A crash in the middle of the last append: only the whole records before it count.
    expect(decodeRecords(all.subarray(0, all.length - 100))).toHaveLength(2);
    const damaged = Buffer.from(all);
    damaged[a.length + 12] = (damaged[a.length + 12] as number) ^ 0xff;
    expect(decodeRecords(damaged)).toHaveLength(1);
  });
});

describe('journal records of rows', () => {
  it('hold a row written straight into the record as its row image, and decode back to it', () => {
    const r = row('gén-1', 'blob bytes ✓');
    const direct = encodeRecord('b/clé', r);
    expect(direct).toEqual(encodeRecord('b/clé', rowBytes(r)));
    const [back] = decodeRecords(direct);
    expect(back?.name).toBe('b/clé');
    expect(rowOfBytes(back?.bytes as Buffer)).toEqual(r);
    expect(rowOfBytes(decodeRecords(encodeRecord('b/k', row('g')))[0]?.bytes as Buffer)).toEqual(row('g'));
  });
});

describe('DriveJournal', () => {
  it('commits concurrent writes in shared flushes and puts each row in the catalog', async () => {
    const drive = new Drive(path.join(dir, 'drive1'), 0, 1);
    await drive.init();
    const journal = new DriveJournal(drive);
    const keys = Array.from({ length: 64 }, (_, i) => `k${String(i).padStart(2, '0')}`);
    await Promise.all(keys.map((k, i) => journal.write('b', k, row(`g${i}`, `v${i}`))));
    const rows = catalogRows(drive.root, 'b');
    expect(rows.map((r) => [r.key, r.gen, r.inline?.toString()])).toEqual(
      keys.map((k, i) => [k, `g${i}`, `v${i}`]),
    );
    // Every write is in the journal, and far fewer flushes than writes carried them.
    const [segment] = await journalSegments(drive.root);
    const records = decodeRecords(
      await readFile(path.join(drive.root, '.stowage.sys', 'journal', segment as string)),
    );
    expect(records).toHaveLength(64);
    expect(journal.flushes).toBeGreaterThan(0);
    expect(journal.flushes).toBeLessThan(64);
    // A checkpoint retires the segment once the catalog's commits are flushed.
    await journal.checkpoint();
    expect(await journalSegments(drive.root)).toEqual([]);
    await journal.close();
    drive.catalog.close();
  });

  it('applies written rows to the catalog later, in batches: reads and scans see them at once, a crash replays them', async () => {
    const drive = new Drive(path.join(dir, 'drive1'), 0, 1);
    await drive.init();
    // As the store runs it: the WAL checkpoint on a worker thread, through a connection of its own.
    const checkpointer = new WalCheckpointer();
    const journal = new DriveJournal(drive, checkpointer);
    const fileRows = (): number => rowsInFile(drive.catalog.file);
    await Promise.all(['a', 'b', 'c'].map((k) => journal.write('b', k, row(`g-${k}`, `v-${k}`))));
    await journal.write('b', 'b', null);
    // Acknowledged: durable in the journal, not yet in the database file.
    expect(fileRows()).toBe(0);
    expect(drive.catalog.read('b', 'a')?.inline?.toString()).toBe('v-a');
    expect(drive.catalog.read('b', 'b')).toBeUndefined();
    // A crash now: a new process replays the journal's segment and finds every acknowledged change.
    const after = new Drive(drive.root, 0, 1);
    await after.init();
    const replayed = new DriveJournal(after);
    expect((await replayed.replay()).sort()).toEqual(['b/a', 'b/b', 'b/c']);
    expect(catalogRows(after.root, 'b').map((r) => r.key)).toEqual(['a', 'c']);
    after.catalog.close();
    // In this process a scan applies what is staged first, and so does the checkpoint retiring the segment.
    await journal.write('b', 'd', row('g-d'));
    expect(drive.catalog.scan('b', Buffer.from(''), true, KEY_END, 10).map((r) => r[KEY])).toEqual([
      'a',
      'c',
      'd',
    ]);
    await journal.write('b', 'e', row('g-e'));
    await journal.checkpoint();
    expect(await journalSegments(drive.root)).toEqual([]);
    expect(fileRows()).toBe(4);
    await journal.close();
    await checkpointer.close();
    drive.catalog.close();
  });

  it('applies staged rows at once when they hold more than 4 MiB (memory stays bounded)', async () => {
    const drive = new Drive(path.join(dir, 'drive1'), 0, 1);
    await drive.init();
    const journal = new DriveJournal(drive);
    const big = 'x'.repeat(1024 * 1024);
    await Promise.all(['a', 'b', 'c'].map((k) => journal.write('b', k, row(`g-${k}`, big))));
    const inFile = (): number => rowsInFile(drive.catalog.file);
    expect(inFile()).toBe(0);
    // The fourth MiB (with the documents) passes the bound: all four are applied with its batch.
    await journal.write('b', 'd', row('g-d', big));
    expect(inFile()).toBe(4);
    await journal.close();
    drive.catalog.close();
  });

  it("checkpoints the catalog's WAL on a worker thread, so the WAL is reused instead of growing", async () => {
    const drive = new Drive(path.join(dir, 'drive1'), 0, 1);
    await drive.init();
    const checkpointer = new WalCheckpointer();
    const journal = new DriveJournal(drive, checkpointer);
    const blob = 'x'.repeat(8192);
    const wal = async (): Promise<number> => (await stat(`${drive.catalog.file}-wal`)).size;
    const writeMany = (tag: string) =>
      Promise.all(Array.from({ length: 200 }, (_, i) => journal.write('b', `${tag}${i}`, row(tag, blob))));
    await writeMany('a');
    // Written through the journal; the catalog applies them in batches of its own (Catalog.stage).
    drive.catalog.settle();
    const first = await wal();
    expect(first).toBeGreaterThan(200 * 8192);
    await journal.checkpoint();
    await writeMany('b');
    drive.catalog.settle();
    // The second batch's frames went to the start of the checkpointed WAL: it did not double.
    expect(await wal()).toBeLessThan(first * 1.5);
    expect(catalogRows(drive.root, 'b')).toHaveLength(400);
    await journal.close();
    await checkpointer.close();
    drive.catalog.close();
  });

  it('retires a segment while writes keep arriving, and a later segment on a second checkpoint', async () => {
    const drive = new Drive(path.join(dir, 'drive1'), 0, 1);
    await drive.init();
    const journal = new DriveJournal(drive);
    // 16 writers that never let the journal go idle until told to stop (or 30 s have passed).
    let stop = false;
    const deadline = Date.now() + 30_000;
    let written = 0;
    const writers = Array.from({ length: 16 }, async (_, w) => {
      for (let i = 0; !stop && Date.now() < deadline; i++) {
        await journal.write('b', `w${w}-${i}`, row(`g${i}`, 'v'));
        written++;
      }
    });
    while (written < 200) await new Promise((r) => setTimeout(r, 5));
    const [first] = await journalSegments(drive.root);
    let retired = false;
    const done = journal.checkpoint().then(() => {
      retired = true;
    });
    await Promise.race([done, Promise.all(writers)]);
    // The checkpoint ended while the writers still ran: it did not wait for the journal to go idle.
    expect(retired).toBe(true);
    expect(stop).toBe(false);
    expect(await journalSegments(drive.root)).not.toContain(first);
    // Writes acknowledged since are in a newer segment, which a second checkpoint retires too.
    const before = written;
    while (written < before + 100) await new Promise((r) => setTimeout(r, 5));
    const [second] = await journalSegments(drive.root);
    expect(second).toBeDefined();
    await journal.checkpoint();
    expect(await journalSegments(drive.root)).not.toContain(second);
    stop = true;
    await Promise.all(writers);
    expect(catalogRows(drive.root, 'b')).toHaveLength(written);
    await journal.close();
    drive.catalog.close();
  });

  it('replays the last record of each object into the catalog, then retires the segments', async () => {
    const drive = new Drive(path.join(dir, 'drive1'), 0, 1);
    await drive.init();
    const jdir = path.join(drive.root, '.stowage.sys', 'journal');
    await rm(jdir, { recursive: true, force: true });
    await mkdir(jdir, { recursive: true });
    drive.catalog.apply([{ bucket: 'b', key: 'gone', row: row('old') }]);
    await writeFile(
      path.join(jdir, '000000000001.log'),
      Buffer.concat([
        encodeRecord('b/kept/x', rowBytes(row('one'))),
        encodeRecord('b/gone', null),
        encodeRecord('b/kept/x', rowBytes(row('two', 'blob'))),
        encodeRecord('b/torn', rowBytes(row('never acknowledged'))).subarray(0, 20),
      ]),
    );
    const journal = new DriveJournal(drive);
    expect((await journal.replay()).sort()).toEqual(['b/gone', 'b/kept/x']);
    expect(catalogRows(drive.root, 'b').map((r) => [r.key, r.gen, r.inline?.toString()])).toEqual([
      ['kept/x', 'two', 'blob'],
    ]);
    // The segments stay until the store has settled the objects they name.
    expect(await journalSegments(drive.root)).toEqual(['000000000001.log']);
    await journal.retireReplayed();
    expect(await journalSegments(drive.root)).toEqual([]);
    await journal.close();
    drive.catalog.close();
  });
});

describe('the object layer with journals', () => {
  it('keeps acknowledged small writes and deletes when every catalog commit was lost (power loss)', async () => {
    const layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    await layer.makeBucket('jbucket');
    const bodies = new Map<string, Buffer>();
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const body = randomBytes(4096 + i);
        bodies.set(`obj-${i}`, body);
        await layer.putObject('jbucket', `obj-${i}`, Readable.from([body]), { size: body.length });
      }),
    );
    await layer.deleteObject('jbucket', 'obj-0');
    bodies.delete('obj-0');
    // What power loss does to catalog commits that were never flushed (WAL, synchronous=NORMAL): they
    // are gone. The journal segments (flushed before each acknowledgement) are all that remain of them.
    for (let i = 1; i <= 4; i++) {
      const root = path.join(dir, `drive${i}`);
      expect((await journalSegments(root)).length).toBeGreaterThan(0);
      expect(deleteRows(root, 'jbucket')).toBe(39);
    }
    const again = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    for (const [key, body] of bodies) {
      expect((await readAll((await again.getObject('jbucket', key)).stream)).equals(body), key).toBe(true);
    }
    const missing = await again.headObject('jbucket', 'obj-0').catch((e: unknown) => e);
    expect(isS3Error(missing, 'NoSuchKey')).toBe(true);
    expect((await again.listObjects('jbucket', {})).objects).toHaveLength(39);
    // Replayed, flushed, retired.
    for (let i = 1; i <= 4; i++) expect(await journalSegments(path.join(dir, `drive${i}`))).toEqual([]);
    await again.close();
    await layer.close();
  });

  it('rewrites catalog rows that are damaged after a crash from the journal', async () => {
    const layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    await layer.makeBucket('fresh');
    const bodies = new Map<string, Buffer>();
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const body = randomBytes(3000 + i);
        bodies.set(`dir/new-${i}`, body);
        await layer.putObject('fresh', `dir/new-${i}`, Readable.from([body]), { size: body.length });
      }),
    );
    // Rows cut short on every drive: only the journal still has them whole.
    for (let i = 1; i <= 4; i++) {
      let n = 0;
      const changed = rewriteRows(path.join(dir, `drive${i}`), 'fresh', (r) => ({
        doc: r.doc.slice(0, n++ % 3 === 0 ? 0 : 7),
        inline: r.inline,
      }));
      expect(changed).toBe(20);
    }
    const again = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    for (const [key, body] of bodies) {
      expect((await readAll((await again.getObject('fresh', key)).stream)).equals(body), key).toBe(true);
    }
    await again.close();
    await layer.close();
  });

  it('does not bring back the objects of a deleted bucket when a bucket of that name is made again', async () => {
    const layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    await layer.makeBucket('again');
    await layer.putObject('again', 'old', Readable.from([Buffer.from('old data')]), { size: 8 });
    await layer.deleteBucket('again', { force: true });
    await layer.makeBucket('again');
    // A crash now: the next process replays whatever the journals still hold.
    const next = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    expect((await next.listObjects('again', {})).objects).toEqual([]);
    await next.close();
    await layer.close();
  });
});
