// SPDX-License-Identifier: Apache-2.0
import { createHash, createHmac, type KeyObject } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { buildChunkStringToSign, EMPTY_PAYLOAD_HASH, signaturesEqual } from '@stowage/madmin';
import { S3Error } from '../core/errors.js';

/** Chunk headers are short (`hex;chunk-signature=<64 hex>`); anything longer is not aws-chunked. */
const MAX_LINE = 4096;
const CRLF = Buffer.from('\r\n');

export interface ChunkSigning {
  seedSignature: string;
  signingKey: Buffer | KeyObject;
  amzDate: string;
  scope: string;
  /** Signed trailers follow the last chunk (`STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER`). */
  trailer: boolean;
}

type State = 'header' | 'data' | 'data-crlf' | 'trailer' | 'done';

/**
 * Decodes an `aws-chunked` body (`<hex size>[;chunk-signature=<sig>]\r\n<data>\r\n` … final 0-size
 * chunk, optional trailers) into the plain payload, checking each chunk's signature against the chain
 * that starts at the seed signature. Any failure errors the stream *before* it ends, so the object
 * layer (which commits only at end of stream) never commits a body that failed verification.
 *
 * Protocol: "Signature Calculations for the Authorization Header: Transferring Payload in Multiple
 * Chunks (Chunked Upload)" and the trailer variants in the S3 API reference.
 */
export class AwsChunkedDecoder extends Transform {
  private state: State = 'header';
  private pending: Buffer = Buffer.alloc(0);
  private remaining = 0;
  private chunkSize = 0;
  private chunkSignature = '';
  private chunkHash = createHash('sha256');
  private previousSignature: string;
  private decoded = 0;
  private readonly trailerLines: string[] = [];
  private trailerSignature: string | undefined;

  constructor(
    private readonly signing: ChunkSigning | null,
    /** x-amz-decoded-content-length; -1 when not sent. */
    private readonly expectedLength: number,
  ) {
    super();
    this.previousSignature = signing?.seedSignature ?? '';
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    try {
      this.consume(chunk);
      cb();
    } catch (err) {
      cb(err as Error);
    }
  }

  override _flush(cb: TransformCallback): void {
    if (this.state === 'trailer' && !this.signing?.trailer && this.pending.length === 0) {
      // Tolerate a body that ends right after the last chunk's line.
      this.state = 'done';
    }
    if (this.state !== 'done') {
      cb(new S3Error('IncompleteBody', 'The aws-chunked body ended before its final chunk.'));
      return;
    }
    if (this.expectedLength >= 0 && this.decoded !== this.expectedLength) {
      cb(
        new S3Error('IncompleteBody', 'The decoded body length does not match x-amz-decoded-content-length.'),
      );
      return;
    }
    cb();
  }

  private consume(input: Buffer): void {
    let buf = this.pending.length > 0 ? Buffer.concat([this.pending, input]) : input;
    this.pending = Buffer.alloc(0);
    let pos = 0;
    while (pos < buf.length) {
      if (this.state === 'data') {
        const take = Math.min(this.remaining, buf.length - pos);
        const slice = buf.subarray(pos, pos + take);
        if (this.signing) this.chunkHash.update(slice);
        this.decoded += take;
        this.push(slice);
        pos += take;
        this.remaining -= take;
        if (this.remaining === 0) this.state = 'data-crlf';
        continue;
      }
      if (this.state === 'data-crlf') {
        if (buf.length - pos < 2) break;
        if (!buf.subarray(pos, pos + 2).equals(CRLF)) throw malformed('a chunk is not followed by CRLF');
        pos += 2;
        this.finishChunk();
        this.state = 'header';
        continue;
      }
      if (this.state === 'done') {
        // Bytes after the final chunk are not part of the payload.
        return;
      }
      // header / trailer: line oriented.
      const nl = buf.indexOf(0x0a, pos);
      if (nl < 0) {
        if (buf.length - pos > MAX_LINE) throw malformed('chunk header too long');
        break;
      }
      let line = buf.toString('latin1', pos, nl);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      pos = nl + 1;
      if (this.state === 'header') this.onHeaderLine(line);
      else this.onTrailerLine(line);
    }
    if (pos < buf.length) this.pending = Buffer.from(buf.subarray(pos));
    buf = Buffer.alloc(0);
  }

  private onHeaderLine(line: string): void {
    const semi = line.indexOf(';');
    const sizeHex = (semi < 0 ? line : line.slice(0, semi)).trim();
    if (!/^[0-9a-fA-F]{1,16}$/.test(sizeHex)) throw malformed('bad chunk size');
    const size = Number.parseInt(sizeHex, 16);
    let sig = '';
    if (semi >= 0) {
      const ext = line.slice(semi + 1).trim();
      const m = /^chunk-signature=([0-9a-f]{64})$/.exec(ext);
      if (!m) throw malformed('bad chunk extension');
      sig = m[1] as string;
    }
    if (this.signing && sig === '') {
      throw new S3Error(
        'SignatureDoesNotMatch',
        'A chunk of a signed aws-chunked body has no chunk-signature.',
      );
    }
    this.chunkSize = size;
    this.chunkSignature = sig;
    this.chunkHash = createHash('sha256');
    if (size === 0) {
      // Final chunk: its signature covers the empty payload; then optional trailers and a blank line.
      this.verifyChunkSignature(EMPTY_PAYLOAD_HASH);
      this.state = 'trailer';
      return;
    }
    this.remaining = size;
    this.state = 'data';
  }

  private finishChunk(): void {
    if (this.signing) this.verifyChunkSignature(this.chunkHash.digest('hex'));
  }

  private verifyChunkSignature(hashHex: string): void {
    if (!this.signing) return;
    const sts = buildChunkStringToSign(
      this.signing.amzDate,
      this.signing.scope,
      this.previousSignature,
      hashHex,
    );
    const expected = createHmac('sha256', this.signing.signingKey).update(sts).digest('hex');
    if (!signaturesEqual(expected, this.chunkSignature)) {
      throw new S3Error(
        'SignatureDoesNotMatch',
        'The chunk signature of an aws-chunked body does not match.',
      );
    }
    this.previousSignature = this.chunkSignature;
  }

  private onTrailerLine(line: string): void {
    const signedTrailer = this.signing?.trailer === true;
    if (line === '') {
      // Unsigned and plain streaming bodies end at the first blank line; signed trailers end at the
      // blank line after x-amz-trailer-signature (minio-go puts one more blank line before it).
      if (!signedTrailer || this.trailerSignature !== undefined) {
        this.finishTrailers();
        this.state = 'done';
      }
      return;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw malformed('bad trailer line');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'x-amz-trailer-signature') this.trailerSignature = value;
    else this.trailerLines.push(`${name}:${value}\n`);
  }

  private finishTrailers(): void {
    if (!this.signing?.trailer) return;
    if (this.trailerSignature === undefined) {
      throw new S3Error('SignatureDoesNotMatch', 'The signed trailer has no x-amz-trailer-signature.');
    }
    const trailerHash = createHash('sha256').update(this.trailerLines.join('')).digest('hex');
    const sts = [
      'AWS4-HMAC-SHA256-TRAILER',
      this.signing.amzDate,
      this.signing.scope,
      this.previousSignature,
      trailerHash,
    ].join('\n');
    const expected = createHmac('sha256', this.signing.signingKey).update(sts).digest('hex');
    if (!signaturesEqual(expected, this.trailerSignature)) {
      throw new S3Error(
        'SignatureDoesNotMatch',
        'The trailer signature of an aws-chunked body does not match.',
      );
    }
  }

  /** The trailer fields (lower-case names) once the body has ended; x-amz-trailer-signature excluded. */
  trailers(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const line of this.trailerLines) {
      const colon = line.indexOf(':');
      out[line.slice(0, colon)] = line.slice(colon + 1, -1);
    }
    return out;
  }

  /** The chunk size of the chunk being read (for diagnostics). */
  get currentChunkSize(): number {
    return this.chunkSize;
  }
}

function malformed(why: string): S3Error {
  return new S3Error('IncompleteBody', `Malformed aws-chunked body: ${why}.`);
}
