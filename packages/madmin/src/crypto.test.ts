// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import {
  argon2idNative,
  argon2idWasm,
  decryptData,
  encryptData,
  isEncrypted,
  KeyCache,
  MadminCryptoError,
} from './crypto.js';

const PW = 'secret-key-of-the-signer';

function sample(size: number): Buffer {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = (i * 7 + 3) & 0xff;
  return out;
}

describe('encryptData / decryptData', () => {
  it('round-trips text and bytes with every algorithm', async () => {
    for (const algorithm of ['argon2id-aes-gcm', 'argon2id-chacha20', 'pbkdf2-aes-gcm'] as const) {
      const sealed = await encryptData(PW, '{"secretKey":"x","status":"enabled"}', { algorithm });
      expect((await decryptData(PW, sealed)).toString()).toBe('{"secretKey":"x","status":"enabled"}');
    }
  });

  it('lays out salt | id | nonce | 16 KiB fragments with a 16-byte tag each', async () => {
    const sizes: Array<[number, number]> = [
      [0, 16],
      [5, 21],
      [16384, 16400],
      [16385, 16400 + 17],
      [3 * 16384, 3 * 16400],
    ];
    for (const [size, streamLength] of sizes) {
      const sealed = await encryptData(PW, sample(size), { algorithm: 'pbkdf2-aes-gcm' });
      expect(sealed.length).toBe(32 + 1 + 8 + streamLength);
      expect(sealed[32]).toBe(2);
    }
  });

  it('uses a fresh salt and nonce for every body', async () => {
    const a = await encryptData(PW, 'same', { algorithm: 'pbkdf2-aes-gcm' });
    const b = await encryptData(PW, 'same', { algorithm: 'pbkdf2-aes-gcm' });
    expect(a.subarray(0, 32).equals(b.subarray(0, 32))).toBe(false);
    expect(a.equals(b)).toBe(false);
  });

  it('rejects a wrong password, tampering, truncation, reordering and an unknown id', async () => {
    const data = sample(3 * 16384 + 10);
    const sealed = await encryptData(PW, data, { algorithm: 'pbkdf2-aes-gcm' });
    await expect(decryptData('other-password', sealed)).rejects.toBeInstanceOf(MadminCryptoError);

    const flipped = Buffer.from(sealed);
    flipped[100]! ^= 0x01;
    await expect(decryptData(PW, flipped)).rejects.toThrow(/not authentic/);

    // Dropping the final fragment leaves a stream whose new last fragment was not sealed as final.
    const truncated = sealed.subarray(0, 41 + 3 * 16400);
    await expect(decryptData(PW, truncated)).rejects.toThrow(/not authentic/);
    await expect(decryptData(PW, sealed.subarray(0, sealed.length - 20))).rejects.toThrow(MadminCryptoError);

    const swapped = Buffer.concat([
      sealed.subarray(0, 41),
      sealed.subarray(41 + 16400, 41 + 2 * 16400),
      sealed.subarray(41, 41 + 16400),
      sealed.subarray(41 + 2 * 16400),
    ]);
    await expect(decryptData(PW, swapped)).rejects.toThrow(/not authentic/);

    const badId = Buffer.from(sealed);
    badId[32] = 7;
    await expect(decryptData(PW, badId)).rejects.toThrow(/algorithm ID/);
    await expect(decryptData(PW, sealed.subarray(0, 40))).rejects.toThrow(/truncated/);
  });

  it('rejects an unknown algorithm name', async () => {
    // @ts-expect-error: invalid on purpose
    await expect(encryptData(PW, 'x', { algorithm: 'rot13' })).rejects.toThrow(TypeError);
  });
});

describe('isEncrypted', () => {
  it('looks at the id byte after the 32-byte salt', async () => {
    expect(isEncrypted(Buffer.from('{"a":1}'))).toBe(false);
    expect(isEncrypted(Buffer.alloc(32))).toBe(false);
    expect(isEncrypted(Buffer.concat([Buffer.alloc(32), Buffer.of(3)]))).toBe(false);
    expect(isEncrypted(await encryptData(PW, '', { algorithm: 'pbkdf2-aes-gcm' }))).toBe(true);
  });
});

describe('KeyCache', () => {
  it('reuses a sender salt up to maxUses, then rotates, and still decrypts without a cache', async () => {
    const cache = new KeyCache({ maxUses: 2 });
    const bodies = [];
    for (let i = 0; i < 3; i++) {
      bodies.push(await encryptData(PW, `body ${i}`, { algorithm: 'pbkdf2-aes-gcm', keyCache: cache }));
    }
    const salts = bodies.map((b) => b.subarray(0, 32).toString('hex'));
    expect(salts[0]).toBe(salts[1]);
    expect(salts[2]).not.toBe(salts[0]);
    // Nonces still differ, so the two bodies under one key are distinct streams.
    expect(bodies[0]!.subarray(33, 41).equals(bodies[1]!.subarray(33, 41))).toBe(false);
    for (const [i, b] of bodies.entries()) expect((await decryptData(PW, b)).toString()).toBe(`body ${i}`);
  });

  it('never serves a key derived from another password or salt', async () => {
    const cache = new KeyCache();
    const sealed = await encryptData(PW, 'hello', { algorithm: 'argon2id-aes-gcm', keyCache: cache });
    expect((await decryptData(PW, sealed, { keyCache: cache })).toString()).toBe('hello');
    await expect(decryptData('wrong-password', sealed, { keyCache: cache })).rejects.toThrow(/not authentic/);
    const other = await encryptData(PW, 'world', { algorithm: 'argon2id-aes-gcm' });
    expect((await decryptData(PW, other, { keyCache: cache })).toString()).toBe('world');
  });

  it('keeps at most maxEntries keys', async () => {
    const cache = new KeyCache({ maxEntries: 2 });
    const salt = (n: number): Buffer => Buffer.alloc(32, n);
    const k1 = await cache.key('pbkdf2', PW, salt(1));
    await cache.key('pbkdf2', PW, salt(2));
    await cache.key('pbkdf2', PW, salt(3));
    const again = await cache.key('pbkdf2', PW, salt(1));
    expect(again.equals(k1)).toBe(true);
    expect(again).not.toBe(k1); // evicted, so derived again
  });
});

describe('Argon2id implementations', () => {
  it("Node's native Argon2id and the hash-wasm fallback derive the same key", async () => {
    const salt = Buffer.alloc(32, 0x5a);
    const native = argon2idNative(PW, salt);
    // Node 24 (the project's runtime) ships crypto.argon2; the fallback serves older runtimes.
    expect(native).toBeDefined();
    const [a, b] = await Promise.all([native!, argon2idWasm(PW, salt)]);
    expect(a.length).toBe(32);
    expect(a.equals(b)).toBe(true);
  });
});
