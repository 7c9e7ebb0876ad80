// SPDX-License-Identifier: Apache-2.0
/**
 * Shared fixture of the object layer's tests: each suite runs once with 1 drive (plain) and once
 * with 4 (erasure coded), on a fresh temp folder per test, with small blocks and inline limit so
 * tests cross those boundaries with small bodies.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { isS3Error, type S3ErrorCode } from '../../core/errors.js';
import { type ErasureObjectLayer, type ObjectInfo, openObjectLayer } from '../index.js';

/** The layer under test and its setting; `layer` is replaced for every test. */
export interface LayerFixture {
  readonly drives: number;
  dir: string;
  layer: ErasureObjectLayer;
  /** PUT `data` as `key` (bucket 'bkt' unless given). */
  put(key: string, data: Buffer | string, bucket?: string): Promise<ObjectInfo>;
}

export async function readAll(s: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Expect `p` to reject with the S3 error `code`; resolves to the error. */
export async function expectCode(p: Promise<unknown>, code: S3ErrorCode): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    if (!isS3Error(err)) throw err;
    expect(err.code).toBe(code);
    return err;
  }
  throw new Error(`expected ${code}`);
}

export const body = (b: Buffer | string): Readable => Readable.from([Buffer.from(b)]);

/** Open the layer of a test (blockSize 4096, inlineLimit 1024). */
function openTestLayer(dir: string, drives: number): Promise<ErasureObjectLayer> {
  return openObjectLayer({ dataDir: dir, drives, blockSize: 4096, inlineLimit: 1024 });
}

/** Declare `tests` once per drive count (1 and 4), each test with its own fresh layer. */
export function describeLayer(tests: (t: LayerFixture) => void): void {
  for (const drives of [1, 4]) {
    describe(`object layer (${drives} drive${drives > 1 ? 's' : ''})`, () => {
      const t: LayerFixture = {
        drives,
        dir: '',
        layer: undefined as unknown as ErasureObjectLayer,
        put: (key, data, bucket = 'bkt') =>
          t.layer.putObject(bucket, key, body(data), { size: Buffer.byteLength(data) }),
      };
      beforeEach(async () => {
        t.dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-ol-'));
        t.layer = await openTestLayer(t.dir, drives);
      });
      afterEach(async () => {
        await t.layer.close();
        await rm(t.dir, { recursive: true, force: true });
      });
      tests(t);
    });
  }
}
