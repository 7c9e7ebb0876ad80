// SPDX-License-Identifier: Apache-2.0
/**
 * The sio-go stream format with AES-256-GCM (github.com/secure-io/sio-go), which MinIO's `inspect-data`
 * uses for its answer (format 1: one byte 1, the 32-byte key, then the zip sealed under that key with an
 * all-zero 8-byte nonce and no associated data). The plaintext is cut into fragments of 16 KiB; fragment
 * i is sealed with the nonce `nonce ‖ uint32le(i + 1)` and the associated data `flag ‖ tag`, where `tag`
 * is the GCM tag of nothing sealed under `nonce ‖ uint32le(0)` with the caller's associated data, and
 * `flag` is 0x80 on the last fragment and 0x00 before it. A stream always ends with a final fragment (an
 * empty plaintext is one empty final fragment), so a cut-off stream never decrypts.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** Plaintext bytes per fragment (sio-go's BufSize). */
export const SIO_BUF_SIZE = 1 << 14;
const TAG = 16;
const NONCE = 12;

function seal(key: Buffer, nonce: Buffer, plain: Buffer, ad: Buffer): Buffer {
  const c = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG });
  c.setAAD(ad);
  return Buffer.concat([c.update(plain), c.final(), c.getAuthTag()]);
}

function open(key: Buffer, nonce: Buffer, sealed: Buffer, ad: Buffer): Buffer {
  if (sealed.length < TAG) throw new SioError();
  const d = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG });
  d.setAAD(ad);
  d.setAuthTag(sealed.subarray(sealed.length - TAG));
  try {
    return Buffer.concat([d.update(sealed.subarray(0, sealed.length - TAG)), d.final()]);
  } catch {
    throw new SioError();
  }
}

/** The data is not what was sealed under this key (wrong key, modified or cut off). */
export class SioError extends Error {
  override readonly name = 'SioError';
  constructor() {
    super('sio: data is not authentic');
  }
}

class SioState {
  readonly key: Buffer;
  readonly nonce = Buffer.alloc(NONCE);
  readonly ad: Buffer;
  seq = 1;

  constructor(key: Uint8Array, nonce: Uint8Array, associatedData: Uint8Array) {
    if (key.length !== 32) throw new RangeError('sio: AES-256-GCM needs a 32-byte key');
    if (nonce.length !== NONCE - 4) throw new RangeError('sio: the nonce must be 8 bytes');
    this.key = Buffer.from(key);
    Buffer.from(nonce).copy(this.nonce);
    this.nonce.writeUInt32LE(0, NONCE - 4);
    this.ad = Buffer.concat([
      Buffer.from([0]),
      seal(this.key, this.nonce, Buffer.alloc(0), Buffer.from(associatedData)),
    ]);
  }

  next(final: boolean): { nonce: Buffer; ad: Buffer } {
    if (this.seq > 0xffffffff) throw new RangeError('sio: data limit exceeded');
    this.nonce.writeUInt32LE(this.seq, NONCE - 4);
    if (!final) this.seq++;
    this.ad[0] = final ? 0x80 : 0x00;
    return { nonce: this.nonce, ad: this.ad };
  }
}

/** Seals what is written to it in sio-go's format. */
export function sioEncryptStream(
  key: Uint8Array,
  nonce: Uint8Array = new Uint8Array(8),
  associatedData: Uint8Array = new Uint8Array(0),
): Transform {
  const state = new SioState(key, nonce, associatedData);
  let pending: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      // Keep at least one byte back: the last fragment is sealed as final when the stream ends.
      while (pending.length > SIO_BUF_SIZE) {
        const { nonce: n, ad } = state.next(false);
        this.push(seal(state.key, n, pending.subarray(0, SIO_BUF_SIZE), ad));
        pending = pending.subarray(SIO_BUF_SIZE);
      }
      done();
    },
    flush(done: TransformCallback) {
      const { nonce: n, ad } = state.next(true);
      this.push(seal(state.key, n, pending, ad));
      done();
    },
  });
}

/** Opens a stream sealed in sio-go's format; a wrong key, a change or a cut-off end fails with SioError. */
export function sioDecryptStream(
  key: Uint8Array,
  nonce: Uint8Array = new Uint8Array(8),
  associatedData: Uint8Array = new Uint8Array(0),
): Transform {
  const state = new SioState(key, nonce, associatedData);
  const fragment = SIO_BUF_SIZE + TAG;
  let pending: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      try {
        while (pending.length > fragment) {
          const { nonce: n, ad } = state.next(false);
          this.push(open(state.key, n, pending.subarray(0, fragment), ad));
          pending = pending.subarray(fragment);
        }
        done();
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        const { nonce: n, ad } = state.next(true);
        this.push(open(state.key, n, pending, ad));
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
}
