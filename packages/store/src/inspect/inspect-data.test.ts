// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { MadminClient, MadminError, SioError, sioDecryptStream, sioEncryptStream } from '@stowage/madmin';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { initBitrot } from '../object-layer/codec/bitrot.js';
import { ReedSolomon } from '../object-layer/codec/reed-solomon.js';
import { bufferSource, PartReader, readPartRange } from '../object-layer/erasure.js';
import type { VersionRecord } from '../object-layer/meta.js';
import { type StoreHandle, startStore } from '../server.js';
import { keyPattern } from './raw-files.js';

const ROOT = { accessKey: 'inspect-root', secretKey: 'inspect-root-secret' };
const BUCKET = 'evidence';
const BIG = randomBytes(3 * 1024 * 1024 + 12345);
const SMALL = Buffer.from('a small object kept inline');

let dir: string;
let store: StoreHandle;
let admin: MadminClient;

beforeAll(async () => {
  await initBitrot();
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-inspect-'));
  store = await startStore({
    dataDir: dir,
    drives: 4,
    port: 0,
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
  });
  admin = new MadminClient({ endpoint: store.url, ...ROOT });
  const u = new URL(store.url);
  const s3 = new Client({ endPoint: u.hostname, port: Number(u.port), useSSL: false, ...ROOT });
  await s3.makeBucket(BUCKET);
  await s3.putObject(BUCKET, 'cases/big.bin', BIG);
  await s3.putObject(BUCKET, 'cases/small.txt', SMALL);
  await s3.putObject(BUCKET, 'other.txt', SMALL);
}, 60_000);

afterAll(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const z = await new Promise<yauzl.ZipFile>((ok, fail) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, f) => (err ? fail(err) : ok(f))),
  );
  await new Promise<void>((done, fail) => {
    z.on('entry', (entry: yauzl.Entry) => {
      z.openReadStream(entry, (err, stream) => {
        if (err) return fail(err);
        void buffer(stream).then((b) => {
          files.set(entry.fileName, b);
          z.readEntry();
        }, fail);
      });
    });
    z.on('end', () => done());
    z.on('error', fail);
    z.readEntry();
  });
  return files;
}

async function inspectZip(
  file: string,
): Promise<{ key: Buffer; sealed: Buffer; files: Map<string, Buffer> }> {
  const { key, data } = await admin.inspect({ volume: BUCKET, file });
  const sealed = await buffer(data);
  const zip = await buffer(Readable.from([sealed]).pipe(sioDecryptStream(key)));
  return { key, sealed, files: await unzip(zip) };
}

describe('sio stream format', () => {
  it('round-trips every length around the fragment size and refuses a wrong key or a cut', async () => {
    const key = randomBytes(32);
    for (const n of [0, 1, 16383, 16384, 16385, 40000]) {
      const plain = randomBytes(n);
      const sealed = await buffer(Readable.from([plain]).pipe(sioEncryptStream(key)));
      expect(sealed.length).toBe(n + 16 * Math.max(1, Math.ceil(n / 16384)));
      expect((await buffer(Readable.from([sealed]).pipe(sioDecryptStream(key)))).equals(plain)).toBe(true);
    }
    const sealed = await buffer(Readable.from([randomBytes(20000)]).pipe(sioEncryptStream(key)));
    await expect(
      buffer(Readable.from([sealed]).pipe(sioDecryptStream(randomBytes(32)))),
    ).rejects.toBeInstanceOf(SioError);
    await expect(
      buffer(Readable.from([sealed.subarray(0, 16400)]).pipe(sioDecryptStream(key))),
    ).rejects.toBeInstanceOf(SioError);
  });
});

describe('key patterns', () => {
  it('matches wildcards across slashes and names the object for MinIO file names', () => {
    const p = keyPattern('cases/*');
    expect(p.prefix).toBe('cases/');
    expect(p.test('cases/a/b.bin')).toBe(true);
    expect(p.test('other.txt')).toBe(false);
    expect(keyPattern('cases/big.bin/xl.meta').test('cases/big.bin')).toBe(true);
    expect(keyPattern('c?ses/small.txt').test('cases/small.txt')).toBe(true);
  });
});

describe('inspect-data against the store', () => {
  it("gives every drive's shards and metadata; the shards rebuild the object bit-exact", async () => {
    const { files } = await inspectZip('cases/big.bin');
    expect(files.get('inspect-input.txt')?.toString()).toContain(`Inspect path: ${BUCKET}/cases/big.bin`);
    const rows = [...files.keys()].filter((n) => n.endsWith('/catalog-row.json'));
    expect(rows).toHaveLength(4);
    const shards = [...files.keys()].filter((n) => /\/part\.1$/.test(n));
    expect(shards).toHaveLength(4);
    // Each drive's row tells its shard index; two shards (the read quorum of 2+2) rebuild the object.
    const version = (
      JSON.parse((files.get(rows[0] as string) as Buffer).toString()) as {
        doc: { versions: VersionRecord[] };
      }
    ).doc.versions[0] as VersionRecord;
    const ec = version.ec;
    if (!ec) throw new Error('no geometry');
    expect(version.size).toBe(BIG.length);
    const byShard: (Buffer | null)[] = new Array(ec.k + ec.m).fill(null);
    for (let d = 0; d < 4; d++) {
      const name = shards.find((s) => s.includes(`/drive${d + 1}/`)) as string;
      byShard[ec.dist[d] as number] = files.get(name) as Buffer;
    }
    // Keep one data shard and one parity shard: the decoder must rebuild the rest.
    const kept = byShard.map((b, i) => (i === 0 || i === ec.k ? b : null));
    const reader = new PartReader(
      kept.map((b) => (b ? bufferSource(b) : null)),
      ec,
      new ReedSolomon(ec.k, ec.m),
      version.size,
    );
    const out: Buffer[] = [];
    for await (const chunk of readPartRange(reader, 0, version.size - 1)) out.push(Buffer.from(chunk));
    expect(Buffer.concat(out).equals(BIG)).toBe(true);
  });

  it('gathers every key a wildcard matches, inline shards included', async () => {
    const { files } = await inspectZip('cases/*');
    const keys = new Set(
      [...files.keys()]
        .filter((n) => n.endsWith('/catalog-row.json'))
        .map((n) => (JSON.parse((files.get(n) as Buffer).toString()) as { key: string }).key),
    );
    expect([...keys].sort()).toEqual(['cases/big.bin', 'cases/small.txt']);
    expect([...files.keys()].filter((n) => n.endsWith('cases/small.txt/inline.bin'))).toHaveLength(4);
  });

  it('seals the zip: it opens only with the one-time key of its answer', async () => {
    const first = await admin.inspect({ volume: BUCKET, file: 'other.txt' });
    const sealed = await buffer(first.data);
    expect(sealed.subarray(0, 2).toString('latin1')).not.toBe('PK');
    const second = await admin.inspect({ volume: BUCKET, file: 'other.txt' });
    await buffer(second.data);
    expect(second.key.equals(first.key)).toBe(false);
    await expect(buffer(Readable.from([sealed]).pipe(sioDecryptStream(second.key)))).rejects.toBeInstanceOf(
      SioError,
    );
    const zip = await buffer(Readable.from([sealed]).pipe(sioDecryptStream(first.key)));
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('answers NoSuchKey when nothing matches, NoSuchBucket for a missing bucket, and refuses ..', async () => {
    const code = async (p: Promise<unknown>): Promise<string> =>
      p.then(
        () => 'no error',
        (e: unknown) => (e instanceof MadminError ? e.code : String(e)),
      );
    expect(await code(admin.inspect({ volume: BUCKET, file: 'nothing/*' }))).toBe('NoSuchKey');
    expect(await code(admin.inspect({ volume: 'missing-bucket', file: 'a' }))).toBe('NoSuchBucket');
    expect(await code(admin.inspect({ volume: BUCKET, file: '../x' }))).toBe('InvalidRequest');
  });
});
