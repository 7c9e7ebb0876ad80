import { createHash, type Hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
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
  const encoding = String(headers['content-encoding'] ?? '');
  const chunked = payload.kind === 'streaming-signed' || payload.kind === 'streaming-unsigned-trailer';
  if (chunked || encoding.split(',').some((e) => e.trim() === 'aws-chunked')) {
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
