// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  differentFileMessage,
  fileIdentity,
  IDENTITY_SAMPLE_BYTES,
  identityDifferences,
} from './file-identity';

const MiB = IDENTITY_SAMPLE_BYTES;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

function bytes(n: number, seed = 1): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (i * 31 + seed) & 0xff;
  return out;
}

function flip(data: Uint8Array, at: number): void {
  data[at] = (data[at] ?? 0) ^ 0xff;
}

const file = (data: Uint8Array<ArrayBuffer>, name = 'data.bin', lastModified = 1_700_000_000_000) =>
  new File([data], name, { lastModified });

describe('file identity (uploads that resume)', () => {
  it('is the name, size, last modified and the SHA-256 of the first and last MiB', async () => {
    const data = bytes(3 * MiB + 5);
    const id = await fileIdentity(file(data));
    expect(id).toEqual({
      name: 'data.bin',
      size: 3 * MiB + 5,
      lastModified: 1_700_000_000_000,
      headSha256: sha(data.subarray(0, MiB)),
      tailSha256: sha(data.subarray(data.length - MiB)),
    });
  });

  it('hashes the whole file as head and tail when it is under a MiB', async () => {
    const data = bytes(1000);
    const id = await fileIdentity(file(data));
    expect(id.headSha256).toBe(sha(data));
    expect(id.tailSha256).toBe(sha(data));
  });

  it('finds the same file the same, and tells what differs in another', async () => {
    const data = bytes(2 * MiB + 10);
    const a = await fileIdentity(file(data));
    expect(identityDifferences(a, await fileIdentity(file(data.slice())))).toEqual([]);
    expect(differentFileMessage(a, await fileIdentity(file(data.slice())))).toBeUndefined();

    const lastByte = data.slice();
    flip(lastByte, lastByte.length - 1);
    expect(identityDifferences(a, await fileIdentity(file(lastByte)))).toEqual(['its content differs']);
    const firstByte = data.slice();
    flip(firstByte, 0);
    expect(identityDifferences(a, await fileIdentity(file(firstByte)))).toEqual(['its content differs']);

    const other = await fileIdentity(file(bytes(MiB, 7), 'other.bin', 1_800_000_000_000));
    expect(identityDifferences(a, other)).toEqual([
      'its name is other.bin, not data.bin',
      'its size is 1 MiB, not 2 MiB',
      'it was modified at another time',
      'its content differs',
    ]);
    expect(differentFileMessage(a, other)).toMatch(
      /^This is not the file this upload started with \(its name is other\.bin, not data\.bin; .*\)\. Choose data\.bin \(2 MiB, last modified /,
    );
  });
});
