// SPDX-License-Identifier: Apache-2.0
/**
 * Conformance of the encrypted body format against MinIO's own Go code: bodies encrypted here must
 * decrypt with madmin-go's DecryptData and vice versa, for every algorithm id and the sizes around the
 * 16 KiB fragment boundary (issue 4, Verification). Needs Debian's golang-go and
 * golang-github-minio-madmin-go-dev; without them the test fails and says what to install.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ALGORITHM_IDS, decryptData, type EncryptionAlgorithm, encryptData, isEncrypted } from './crypto.js';
import { buildGoProgram, type GoProgram } from './testing/go-program.js';

let go: GoProgram | undefined;

// A cold build of madmin-go on a busy 2-core machine can take minutes.
beforeAll(async () => {
  go = await buildGoProgram('madmin-crypto');
}, 600_000);

function run(args: string[], input: Uint8Array): Promise<Buffer> {
  if (!go) throw new Error('the Go program was not built');
  return go.run(args, input);
}

const PASSWORD = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const SIZES = [0, 1, 16 * 1024, 16 * 1024 + 1, 1024 * 1024];
const ALGORITHMS = Object.keys(ALGORITHM_IDS) as EncryptionAlgorithm[];

function sample(size: number): Buffer {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = (i * 131 + (i >> 8)) & 0xff;
  return out;
}

describe.each(ALGORITHMS)('%s', (algorithm) => {
  it.each(SIZES)('TypeScript → madmin-go DecryptData, %i bytes', async (size) => {
    const data = sample(size);
    const sealed = await encryptData(PASSWORD, data, { algorithm });
    expect(sealed[32]).toBe(ALGORITHM_IDS[algorithm]);
    const opened = await run(['decrypt', PASSWORD], sealed);
    expect(opened.equals(data)).toBe(true);
  });

  it.each(SIZES)('madmin-go (sio-go) → TypeScript decryptData, %i bytes', async (size) => {
    const data = sample(size);
    const sealed = await run(['encrypt', PASSWORD, String(ALGORITHM_IDS[algorithm])], data);
    expect(isEncrypted(sealed)).toBe(true);
    expect(sealed[32]).toBe(ALGORITHM_IDS[algorithm]);
    expect((await decryptData(PASSWORD, sealed)).equals(data)).toBe(true);
  });
});

describe('madmin-go EncryptData (the algorithm it picks itself)', () => {
  it.each(SIZES)('decrypts in TypeScript, %i bytes', async (size) => {
    const data = sample(size);
    const sealed = await run(['encrypt', PASSWORD, 'auto'], data);
    expect([ALGORITHM_IDS['argon2id-aes-gcm'], ALGORITHM_IDS['argon2id-chacha20']]).toContain(sealed[32]);
    expect((await decryptData(PASSWORD, sealed)).equals(data)).toBe(true);
  });

  it('refuses what madmin-go refuses: a wrong password and a flipped byte', async () => {
    const sealed = await encryptData(PASSWORD, sample(100), { algorithm: 'pbkdf2-aes-gcm' });
    await expect(run(['decrypt', 'another-password'], sealed)).rejects.toThrow(/not authentic/);
    const goSealed = await run(['encrypt', PASSWORD, '2'], sample(100));
    goSealed[goSealed.length - 1]! ^= 1;
    await expect(decryptData(PASSWORD, goSealed)).rejects.toThrow(/not authentic/);
  });
});
