// SPDX-License-Identifier: Apache-2.0
/**
 * Issue 17's measurement: what the default CRC64NVME checksum (computed for a PUT that sends none, as
 * AWS does) costs the PUT path. The CRC is streamed through a Transform as the store does it (one
 * re-used WASM hasher per request) and compared with the MD5 every PUT already computes for its
 * ETag, for small (4 KiB) and large (64 MiB) bodies; the store's own small-PUT latency, measured in
 * the same run, shows the CRC's share of a whole small PUT.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createCRC64, type IHasher } from 'hash-wasm';
import { BenchClient } from './support/client.js';
import { startTarget } from './support/target.js';

const KiB = 1024;
const MiB = 1024 * KiB;
const SMALL_COUNT = 4000;
const LARGE = 64 * MiB;
const PUTS = 1000;

const sink = (): Writable => new Writable({ write: (_c, _e, cb) => cb() });

/** Streams `body` (in 64 KiB chunks, as a socket delivers it) through a hashing Transform. */
async function streamHashed(body: Buffer, update: (c: Buffer) => void, digest: () => void): Promise<void> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < body.length; i += 64 * KiB) chunks.push(body.subarray(i, i + 64 * KiB));
  const t = new Transform({
    transform(c: Buffer, _e, cb) {
      update(c);
      cb(null, c);
    },
    flush(cb) {
      digest();
      cb();
    },
  });
  await pipeline(Readable.from(chunks), t, sink());
}

async function timePer(
  count: number,
  body: Buffer,
  hash: 'crc64nvme' | 'md5',
  wasm: IHasher,
): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    if (hash === 'md5') {
      const h = createHash('md5');
      await streamHashed(
        body,
        (c) => h.update(c),
        () => h.digest(),
      );
    } else {
      wasm.init();
      await streamHashed(
        body,
        (c) => wasm.update(c),
        () => wasm.digest('binary'),
      );
    }
  }
  return Number(process.hrtime.bigint() - start) / 1e3 / count;
}

async function smallPutMicros(): Promise<number> {
  const target = await startTarget('stowage');
  const client = new BenchClient(target.url, 'benchadmin', 'benchadmin-secret');
  try {
    if ((await client.request('PUT', '/crc')).status !== 200) throw new Error('CreateBucket failed');
    const body = randomBytes(4 * KiB);
    for (let i = 0; i < 100; i++) await client.request('PUT', `/crc/warm-${i}`, body);
    const start = process.hrtime.bigint();
    for (let i = 0; i < PUTS; i++) {
      const r = await client.request('PUT', `/crc/o-${i}`, body);
      if (r.status !== 200) throw new Error(`PUT answered ${r.status}`);
    }
    return Number(process.hrtime.bigint() - start) / 1e3 / PUTS;
  } finally {
    client.close();
    await target.stop();
  }
}

export async function runPutChecksum(): Promise<void> {
  const wasm = await createCRC64('9a6c9329ac4bc9b5');
  const small = randomBytes(4 * KiB);
  const large = randomBytes(LARGE);
  await timePer(200, small, 'crc64nvme', wasm);
  await timePer(200, small, 'md5', wasm);
  const smallCrc = await timePer(SMALL_COUNT, small, 'crc64nvme', wasm);
  const smallMd5 = await timePer(SMALL_COUNT, small, 'md5', wasm);
  const largeCrc = await timePer(3, large, 'crc64nvme', wasm);
  const largeMd5 = await timePer(3, large, 'md5', wasm);
  const put = await smallPutMicros();
  const mibs = (micros: number): string => `${(LARGE / MiB / (micros / 1e6)).toFixed(0)} MiB/s`;
  console.log('\n### Default CRC64NVME on the PUT path (streamed as the store hashes bodies)\n');
  console.log('| body | CRC64NVME | MD5 (every PUT) | CRC ÷ MD5 time | share of a whole PUT |');
  console.log('|---|---|---|---|---|');
  console.log(
    `| 4 KiB | ${smallCrc.toFixed(1)} µs | ${smallMd5.toFixed(1)} µs | ${(smallCrc / smallMd5).toFixed(2)}× | ${((100 * smallCrc) / put).toFixed(1)} % of ${put.toFixed(0)} µs |`,
  );
  console.log(
    `| 64 MiB | ${mibs(largeCrc)} | ${mibs(largeMd5)} | ${(largeCrc / largeMd5).toFixed(2)}× | — |`,
  );
}
