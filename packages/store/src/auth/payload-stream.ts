// SPDX-License-Identifier: Apache-2.0
import { createHash, type Hash, hash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import type { PayloadMode } from '../core/auth.js';
import { S3Error } from '../core/errors.js';
import { AwsChunkedDecoder } from './chunked-decoder.js';

/**
 * Passes the body through while hashing it and fails at the end when the SHA-256 differs from the
 * signed `x-amz-content-sha256`. The error is raised in `_flush`, i.e. before the stream ends, so the
 * object layer sees an error instead of end-of-stream and never commits the object.
 */
export class Sha256Verifier extends Transform {
  private readonly hash: Hash = createHash('sha256');

  constructor(private readonly expectedHex: string) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.hash.update(chunk);
    cb(null, chunk);
  }

  override _flush(cb: TransformCallback): void {
    const actual = this.hash.digest('hex');
    cb(actual === this.expectedHex ? null : new S3Error('XAmzContentSHA256Mismatch'));
  }
}

export interface VerifiedBody {
  stream: Readable;
  /** Payload length in bytes after aws-chunked decoding; -1 when the client declared none. */
  size: number;
  /** aws-chunked bodies: the trailer fields, complete once the stream has ended. */
  trailers?: () => Record<string, string>;
}

function headerNumber(headers: IncomingHttpHeaders, name: string): number | undefined {
  const raw = headers[name];
  if (raw === undefined || Array.isArray(raw)) return undefined;
  if (!/^\d+$/.test(raw.trim()))
    throw new S3Error('InvalidArgument', `The ${name} header is not a valid number.`);
  return Number(raw);
}

/** Whether the body is aws-chunked (decoded by AwsChunkedDecoder): by its payload mode or encoding. */
function awsChunked(payload: PayloadMode, headers: IncomingHttpHeaders): boolean {
  if (payload.kind === 'streaming-signed' || payload.kind === 'streaming-unsigned-trailer') return true;
  const encoding = headers['content-encoding'];
  return encoding?.split(',').some((e) => e.trim() === 'aws-chunked') === true;
}

/**
 * Bodies up to this size with a declared Content-Length are read whole (smallBody) instead of streamed:
 * a 4 KiB PUT's body nearly always arrives with its headers, and taking it from the request's buffer
 * costs no async iterator, end-of-stream watcher or promise per chunk.
 */
export const SMALL_BODY_BYTES = 64 * 1024;

const EMPTY = Buffer.alloc(0);

/**
 * The whole verified body of a small request (a declared Content-Length of at most SMALL_BODY_BYTES,
 * not aws-chunked: those stream through `verifiedBody`), or undefined when the request is not one.
 * A signed SHA-256 is checked in one shot (XAmzContentSHA256Mismatch); a body cut short (the client
 * went away) is IncompleteBody. A Buffer when the body has already arrived, else its promise.
 */
export function smallBody(raw: IncomingMessage, payload: PayloadMode): Buffer | Promise<Buffer> | undefined {
  if (payload.kind !== 'unsigned' && payload.kind !== 'sha256') return undefined;
  const size = headerNumber(raw.headers, 'content-length');
  if (size === undefined || size > SMALL_BODY_BYTES || awsChunked(payload, raw.headers)) return undefined;
  const check = (body: Buffer): Buffer => {
    if (payload.kind === 'sha256' && hash('sha256', body, 'hex') !== payload.hash) {
      throw new S3Error('XAmzContentSHA256Mismatch');
    }
    return body;
  };
  // Nothing to read (Node's server drains an unread request once the answer is sent).
  if (size === 0) return check(EMPTY);
  // The parser has pushed the whole body into the request's buffer (it usually came with the
  // headers): take it at once. Flowing from then on, the request emits 'end' when the parser ends it.
  if (raw.readableLength === size && raw.readableFlowing === null && !raw.destroyed) {
    const body = raw.read() as Buffer;
    raw.resume();
    return check(body);
  }
  return collect(raw, size).then(check);
}

/** Gathers a body of `size` bytes from the request's 'data' events; IncompleteBody if it ends short. */
function collect(raw: IncomingMessage, size: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (raw.destroyed || raw.readableEnded) {
      reject(new S3Error('IncompleteBody'));
      return;
    }
    const parts: Buffer[] = [];
    let got = 0;
    const fail = (): void => {
      raw.off('data', onData);
      reject(new S3Error('IncompleteBody'));
    };
    const onData = (chunk: Buffer): void => {
      parts.push(chunk);
      got += chunk.length;
    };
    raw.on('data', onData);
    raw.once('error', fail);
    raw.once('close', () => {
      if (!raw.readableEnded) fail();
    });
    raw.once('end', () => {
      if (got !== size) {
        fail();
        return;
      }
      resolve(parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, got));
    });
  });
}

/**
 * Wraps the raw request stream so that what comes out is the verified payload: aws-chunked bodies are
 * decoded (and chunk signatures checked), signed hashes verified. Source errors (client went away)
 * are forwarded so a consumer never mistakes a cut body for a complete one.
 */
export function verifiedBody(
  raw: Readable,
  payload: PayloadMode,
  headers: IncomingHttpHeaders,
): VerifiedBody {
  const contentLength = headerNumber(headers, 'content-length');
  let transform: Transform | null = null;
  let size = contentLength ?? -1;
  let trailers: (() => Record<string, string>) | undefined;
  const chunked = payload.kind === 'streaming-signed' || payload.kind === 'streaming-unsigned-trailer';
  if (awsChunked(payload, headers)) {
    const decodedLength = headerNumber(headers, 'x-amz-decoded-content-length');
    if (decodedLength === undefined && chunked) {
      throw new S3Error(
        'MissingContentLength',
        'aws-chunked uploads must send x-amz-decoded-content-length.',
      );
    }
    size = decodedLength ?? -1;
    const decoder = new AwsChunkedDecoder(payload.kind === 'streaming-signed' ? payload : null, size);
    transform = decoder;
    trailers = () => decoder.trailers();
  } else if (payload.kind === 'sha256') {
    transform = new Sha256Verifier(payload.hash);
  }
  if (!transform) return { stream: raw, size };
  const t = transform;
  // Consumers get verification errors through their own listeners (or async iteration). This one
  // only keeps an error that surfaces after a consumer stopped listening — it had already failed for
  // another reason — from becoming an uncaught exception that would take the whole store down.
  t.on('error', () => undefined);
  raw.on('error', (err) => t.destroy(err));
  raw.on('aborted', () => t.destroy(new S3Error('IncompleteBody')));
  raw.pipe(t);
  return trailers ? { stream: t, size, trailers } : { stream: t, size };
}

/** Reads a whole (small) verified body, refusing more than `limit` bytes with EntityTooLarge. */
export async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const b = chunk as Buffer;
    total += b.length;
    if (total > limit) {
      stream.destroy();
      throw new S3Error('EntityTooLarge', `The request body exceeds the limit of ${limit} bytes.`);
    }
    parts.push(b);
  }
  return Buffer.concat(parts);
}
