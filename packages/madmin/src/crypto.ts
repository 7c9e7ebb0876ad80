// SPDX-License-Identifier: Apache-2.0
/**
 * madmin's encrypted body format, as madmin-go's `EncryptData` / `DecryptData` write and read it.
 *
 * Layout (PROTOCOL-NOTES §1): `salt[32] | algorithm id[1] | nonce[8] | stream`, where the key is
 * derived from the password (the secret key of the signing credentials) and the salt, and `stream` is
 * a sio (DARE-style) stream of 16 KiB fragments:
 *
 * - per-fragment nonce = nonce[8] ‖ uint32LE(sequence number);
 * - sequence 0 is never used for data: it seals an empty message with the empty associated data,
 *   and that 16-byte tag T is bound into every fragment's associated data;
 * - fragment i (i ≥ 1) uses sequence i and associated data `flag ‖ T`, where flag is 0x80 on the
 *   final fragment and 0x00 before it;
 * - only the final fragment may be short (it is 0 bytes only for an empty input); a stream whose
 *   length is a multiple of 16 KiB ends with a full final fragment.
 */
import * as nodeCrypto from 'node:crypto';
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  pbkdf2 as pbkdf2Callback,
  randomBytes,
} from 'node:crypto';
import { promisify } from 'node:util';
import { argon2id } from 'hash-wasm';

const pbkdf2 = promisify(pbkdf2Callback);

/** The three algorithm ids madmin defines. */
export type EncryptionAlgorithm = 'argon2id-aes-gcm' | 'argon2id-chacha20' | 'pbkdf2-aes-gcm';

/** Wire ids of {@link EncryptionAlgorithm} (the byte after the salt). */
export const ALGORITHM_IDS: Readonly<Record<EncryptionAlgorithm, number>> = {
  'argon2id-aes-gcm': 0x00,
  'argon2id-chacha20': 0x01,
  'pbkdf2-aes-gcm': 0x02,
};

const ALGORITHMS_BY_ID: readonly EncryptionAlgorithm[] = [
  'argon2id-aes-gcm',
  'argon2id-chacha20',
  'pbkdf2-aes-gcm',
];

const SALT_SIZE = 32;
const NONCE_SIZE = 8;
const HEADER_SIZE = SALT_SIZE + 1 + NONCE_SIZE;
const TAG_SIZE = 16;
/** sio's default buffer size, which madmin uses. */
const FRAGMENT_SIZE = 16384;
const SEALED_FRAGMENT_SIZE = FRAGMENT_SIZE + TAG_SIZE;
const FINAL_FLAG = 0x80;

/** Argon2id cost madmin uses: t=1, m=64 MiB, p=4. */
const ARGON2ID = { iterations: 1, memorySize: 64 * 1024, parallelism: 4 } as const;
/** PBKDF2-SHA256 iteration count madmin uses (its FIPS mode). */
const PBKDF2_ITERATIONS = 8192;

/** Raised when a body cannot be decrypted: wrong password, tampering, truncation or an unknown id. */
export class MadminCryptoError extends Error {
  override readonly name = 'MadminCryptoError';
}

/** Reports whether `data` looks like an encrypted madmin body (longer than the salt, known id). */
export function isEncrypted(data: Uint8Array): boolean {
  return data.length > SALT_SIZE && data[SALT_SIZE]! <= 0x02;
}

/** Key-derivation function of an algorithm. */
export type Kdf = 'argon2id' | 'pbkdf2';

function kdfOf(algorithm: EncryptionAlgorithm): Kdf {
  return algorithm === 'pbkdf2-aes-gcm' ? 'pbkdf2' : 'argon2id';
}

type NativeArgon2 = (
  algorithm: 'argon2id',
  parameters: {
    message: Uint8Array;
    nonce: Uint8Array;
    parallelism: number;
    tagLength: number;
    memory: number;
    passes: number;
  },
  callback: (err: Error | null, key: Buffer) => void,
) => void;

/** Node's own Argon2 (v24.7+): native speed, and it runs on the thread pool instead of the event loop. */
const nativeArgon2 = (nodeCrypto as unknown as { argon2?: NativeArgon2 }).argon2;

/** Argon2id with madmin's cost through Node's native implementation; undefined when unavailable. */
export function argon2idNative(password: string, salt: Uint8Array): Promise<Buffer> | undefined {
  if (!nativeArgon2) return undefined;
  return new Promise((done, fail) => {
    nativeArgon2(
      'argon2id',
      {
        message: Buffer.from(password, 'utf8'),
        nonce: salt,
        parallelism: ARGON2ID.parallelism,
        tagLength: 32,
        memory: ARGON2ID.memorySize,
        passes: ARGON2ID.iterations,
      },
      (err, key) => (err ? fail(err) : done(key)),
    );
  });
}

/** Argon2id with madmin's cost through hash-wasm (WebAssembly; blocks the event loop while it runs). */
export async function argon2idWasm(password: string, salt: Uint8Array): Promise<Buffer> {
  const key = await argon2id({
    password: Buffer.from(password, 'utf8'),
    salt,
    ...ARGON2ID,
    hashLength: 32,
    outputType: 'binary',
  });
  return Buffer.from(key);
}

async function deriveKey(kdf: Kdf, password: string, salt: Uint8Array): Promise<Buffer> {
  if (kdf === 'pbkdf2') return pbkdf2(Buffer.from(password, 'utf8'), salt, PBKDF2_ITERATIONS, 32, 'sha256');
  return argon2idNative(password, salt) ?? argon2idWasm(password, salt);
}

/**
 * Remembers derived keys, because Argon2id with 64 MiB costs a noticeable fraction of a second per
 * derivation. Safe because a key is a pure function of (kdf, password, salt), and the cache is keyed
 * by a hash of all three — a different password or salt always derives afresh.
 *
 * For encryption it also lets a sender reuse one (salt, key) pair for up to `maxUses` bodies. Every
 * body still gets a fresh random 8-byte nonce, so the AEAD's nonce-uniqueness rule holds with
 * overwhelming probability (birthday bound ≈ uses² / 2⁶⁵); a receiver holding a cache then derives
 * once per rotation instead of once per request. Without a cache every call derives afresh, exactly
 * as madmin-go does.
 */
export class KeyCache {
  readonly #keys = new Map<string, Promise<Buffer>>();
  readonly #senders = new Map<string, { salt: Buffer; uses: number }>();
  readonly #maxEntries: number;
  readonly #maxUses: number;

  constructor(options: { maxEntries?: number; maxUses?: number } = {}) {
    this.#maxEntries = options.maxEntries ?? 256;
    this.#maxUses = options.maxUses ?? 4096;
  }

  /** Derived key for (kdf, password, salt); concurrent callers share one derivation. */
  key(kdf: Kdf, password: string, salt: Uint8Array): Promise<Buffer> {
    const id = cacheId(kdf, password, salt);
    const hit = this.#keys.get(id);
    if (hit) {
      // Refresh the entry's place in the LRU order.
      this.#keys.delete(id);
      this.#keys.set(id, hit);
      return hit;
    }
    const pending = deriveKey(kdf, password, salt);
    pending.catch(() => this.#keys.delete(id));
    this.#keys.set(id, pending);
    while (this.#keys.size > this.#maxEntries) {
      const oldest = this.#keys.keys().next().value as string;
      this.#keys.delete(oldest);
    }
    return pending;
  }

  /** The salt a sender should use next for (kdf, password); rotates after `maxUses`. */
  senderSalt(kdf: Kdf, password: string): Buffer {
    const id = cacheId(kdf, password, Buffer.alloc(0));
    let entry = this.#senders.get(id);
    if (!entry || entry.uses >= this.#maxUses) {
      entry = { salt: randomBytes(SALT_SIZE), uses: 0 };
      this.#senders.set(id, entry);
      while (this.#senders.size > this.#maxEntries) {
        this.#senders.delete(this.#senders.keys().next().value as string);
      }
    }
    entry.uses++;
    return entry.salt;
  }
}

function cacheId(kdf: Kdf, password: string, salt: Uint8Array): string {
  return createHash('sha256')
    .update(kdf)
    .update('\0')
    .update(Buffer.from(salt).toString('hex'))
    .update('\0')
    .update(password)
    .digest('base64');
}

/** Options of {@link encryptData}. */
export interface EncryptOptions {
  /** `argon2id-aes-gcm` (what madmin-go picks on machines with AES instructions) when omitted. */
  algorithm?: EncryptionAlgorithm;
  /** Reuse derived keys and salts, see {@link KeyCache}. */
  keyCache?: KeyCache;
}

/** Options of {@link decryptData}. */
export interface DecryptOptions {
  /** Reuse derived keys, see {@link KeyCache}. */
  keyCache?: KeyCache;
}

type CipherName = 'aes-256-gcm' | 'chacha20-poly1305';

function cipherOf(algorithm: EncryptionAlgorithm): CipherName {
  return algorithm === 'argon2id-chacha20' ? 'chacha20-poly1305' : 'aes-256-gcm';
}

function fragmentNonce(nonce: Uint8Array, seq: number): Buffer {
  const out = Buffer.alloc(NONCE_SIZE + 4);
  out.set(nonce, 0);
  out.writeUInt32LE(seq, NONCE_SIZE);
  return out;
}

function seal(cipher: CipherName, key: Buffer, nonce: Buffer, plaintext: Uint8Array, ad: Uint8Array): Buffer {
  const c =
    cipher === 'aes-256-gcm'
      ? createCipheriv(cipher, key, nonce, { authTagLength: TAG_SIZE })
      : createCipheriv(cipher, key, nonce, { authTagLength: TAG_SIZE });
  c.setAAD(ad, { plaintextLength: plaintext.length });
  const body = c.update(plaintext);
  c.final();
  return Buffer.concat([body, c.getAuthTag()]);
}

function open(cipher: CipherName, key: Buffer, nonce: Buffer, sealed: Uint8Array, ad: Uint8Array): Buffer {
  if (sealed.length < TAG_SIZE) throw new MadminCryptoError('madmin: encrypted data is truncated');
  const body = sealed.subarray(0, sealed.length - TAG_SIZE);
  const d =
    cipher === 'aes-256-gcm'
      ? createDecipheriv(cipher, key, nonce, { authTagLength: TAG_SIZE })
      : createDecipheriv(cipher, key, nonce, { authTagLength: TAG_SIZE });
  d.setAAD(ad, { plaintextLength: body.length });
  d.setAuthTag(sealed.subarray(sealed.length - TAG_SIZE));
  const out = d.update(body);
  try {
    d.final();
  } catch {
    throw new MadminCryptoError('madmin: data is not authentic (wrong password or tampered body)');
  }
  return out;
}

/** The 16-byte tag of sequence 0 that binds the stream's header into every fragment. */
function headerTag(cipher: CipherName, key: Buffer, nonce: Uint8Array): Buffer {
  return seal(cipher, key, fragmentNonce(nonce, 0), new Uint8Array(0), new Uint8Array(0));
}

/**
 * Encrypts `data` for a madmin peer with a key derived from `password` (madmin-go `EncryptData`).
 */
export async function encryptData(
  password: string,
  data: Uint8Array | string,
  options: EncryptOptions = {},
): Promise<Buffer> {
  const algorithm = options.algorithm ?? 'argon2id-aes-gcm';
  const id = ALGORITHM_IDS[algorithm];
  if (id === undefined) throw new TypeError(`unknown madmin encryption algorithm: ${String(algorithm)}`);
  const plaintext = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const kdf = kdfOf(algorithm);
  const salt = options.keyCache ? options.keyCache.senderSalt(kdf, password) : randomBytes(SALT_SIZE);
  const key = options.keyCache
    ? await options.keyCache.key(kdf, password, salt)
    : await deriveKey(kdf, password, salt);
  const nonce = randomBytes(NONCE_SIZE);
  const cipher = cipherOf(algorithm);

  const ad = Buffer.alloc(1 + TAG_SIZE);
  headerTag(cipher, key, nonce).copy(ad, 1);

  const fragments = Math.max(1, Math.ceil(plaintext.length / FRAGMENT_SIZE));
  const parts: Buffer[] = [salt, Buffer.of(id), nonce];
  for (let i = 0; i < fragments; i++) {
    const last = i === fragments - 1;
    ad[0] = last ? FINAL_FLAG : 0x00;
    const chunk = plaintext.subarray(i * FRAGMENT_SIZE, (i + 1) * FRAGMENT_SIZE);
    parts.push(seal(cipher, key, fragmentNonce(nonce, i + 1), chunk, ad));
  }
  return Buffer.concat(parts);
}

/**
 * Decrypts a madmin body (madmin-go `DecryptData`), whichever of the three algorithms it names.
 * Throws {@link MadminCryptoError} when it is malformed or not authentic.
 */
export async function decryptData(
  password: string,
  data: Uint8Array,
  options: DecryptOptions = {},
): Promise<Buffer> {
  if (data.length < HEADER_SIZE + TAG_SIZE)
    throw new MadminCryptoError('madmin: encrypted data is truncated');
  const salt = data.subarray(0, SALT_SIZE);
  const algorithm = ALGORITHMS_BY_ID[data[SALT_SIZE]!];
  if (!algorithm) throw new MadminCryptoError('madmin: invalid encryption algorithm ID');
  const nonce = data.subarray(SALT_SIZE + 1, HEADER_SIZE);
  const kdf = kdfOf(algorithm);
  const key = options.keyCache
    ? await options.keyCache.key(kdf, password, salt)
    : await deriveKey(kdf, password, salt);
  const cipher = cipherOf(algorithm);

  const ad = Buffer.alloc(1 + TAG_SIZE);
  headerTag(cipher, key, nonce).copy(ad, 1);

  const stream = data.subarray(HEADER_SIZE);
  const fragments = Math.max(1, Math.ceil(stream.length / SEALED_FRAGMENT_SIZE));
  if (fragments >= 0xffffffff) throw new MadminCryptoError('madmin: encrypted data is too large');
  const parts: Buffer[] = [];
  for (let i = 0; i < fragments; i++) {
    const last = i === fragments - 1;
    ad[0] = last ? FINAL_FLAG : 0x00;
    const sealed = stream.subarray(i * SEALED_FRAGMENT_SIZE, (i + 1) * SEALED_FRAGMENT_SIZE);
    parts.push(open(cipher, key, fragmentNonce(nonce, i + 1), sealed, ad));
  }
  return Buffer.concat(parts);
}
