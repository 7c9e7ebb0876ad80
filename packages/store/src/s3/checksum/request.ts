// SPDX-License-Identifier: Apache-2.0
import type { IncomingHttpHeaders } from 'node:http';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import type { VerifiedBody } from '../../auth/payload-stream.js';
import { S3Error } from '../../core/errors.js';
import type { BodyTap, ChecksumRecord, ObjectInfo } from '../../object-layer/types.js';
import type { S3Request } from '../types.js';
import {
  ALGORITHMS,
  algorithmNamed,
  type ChecksumAlgorithm,
  checksumHeader,
  createHasher,
  DIGEST_BYTES,
  type Hasher,
  offloadedCrc64,
} from './algorithms.js';

/**
 * The additional checksum a write request carries (S3 API: "Checking object integrity"): one
 * `x-amz-checksum-<algo>` header, or the same name announced in `x-amz-trailer` and sent as a trailer
 * of the aws-chunked body; `x-amz-sdk-checksum-algorithm` names the algorithm.
 */
export interface RequestChecksum {
  algo: ChecksumAlgorithm;
  /** The header's value; undefined when it arrives as a trailer. */
  value?: string;
  trailer: boolean;
}

function one(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

function invalid(message: string): S3Error {
  return new S3Error('InvalidRequest', message);
}

/** A checksum value must be the algorithm's digest in base64. */
export function validChecksumValue(algo: ChecksumAlgorithm, value: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  return Buffer.from(value, 'base64').length === DIGEST_BYTES[algo];
}

/** The checksum a request declares, or undefined; InvalidRequest for contradictory headers, BadDigest for a malformed value. */
export function requestChecksum(
  headers: IncomingHttpHeaders,
  /** CompleteMultipartUpload: a composite value may end in `-<parts>`. */
  composite = false,
): RequestChecksum | undefined {
  const present = ALGORITHMS.filter((a) => headers[checksumHeader(a)] !== undefined);
  if (present.length > 1) {
    throw invalid('Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.');
  }
  const trailer = one(headers, 'x-amz-trailer');
  const sdkRaw = one(headers, 'x-amz-sdk-checksum-algorithm');
  // Most writes declare nothing (every PutObject asks).
  if (present.length === 0 && trailer === undefined && sdkRaw === undefined) return undefined;
  const trailerNames = (trailer ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.startsWith('x-amz-checksum-'));
  const trailed = ALGORITHMS.filter((a) => trailerNames.includes(checksumHeader(a)));
  if (trailerNames.length > trailed.length)
    throw invalid('The value specified in the x-amz-trailer header is not supported');
  if (trailed.length + present.length > 1) {
    throw invalid('Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.');
  }
  const sdk = sdkRaw === undefined ? undefined : algorithmNamed(sdkRaw);
  if (sdkRaw !== undefined && !sdk)
    throw invalid('Value for x-amz-sdk-checksum-algorithm header is invalid.');
  const algo = present[0] ?? trailed[0];
  if (!algo) {
    if (sdk) {
      throw invalid(
        'x-amz-sdk-checksum-algorithm specified, but no corresponding x-amz-checksum-* or x-amz-trailer headers were found.',
      );
    }
    return undefined;
  }
  if (sdk && sdk !== algo) {
    throw invalid(`Value for x-amz-sdk-checksum-algorithm header is invalid.`);
  }
  if (present[0]) {
    const value = one(headers, checksumHeader(algo)) ?? '';
    if (!validChecksumValue(algo, composite ? value.replace(/-\d+$/, '') : value)) {
      // A value that cannot be the body's digest does not match it: BadDigest, as Ceph RGW answers
      // (and as AWS does for a well-formed wrong one), so clients meet one code for a bad checksum.
      throw new S3Error('BadDigest', `The ${algo} you specified did not match the calculated checksum.`);
    }
    return { algo, value, trailer: false };
  }
  return { algo, trailer: true };
}

/**
 * Hashes a body with `algo` chunk by chunk and, at its end, checks it against the declared value
 * (header or trailer): BadDigest on a mismatch, InvalidRequest for an announced trailer never sent.
 * The object layer runs it in its own read loop (a BodyTap), so a failed check refuses the write.
 */
class ChecksumTap implements BodyTap {
  result: string | undefined;
  readonly offload: BodyTap['offload'];
  private precomputed: Buffer | undefined;

  constructor(
    private readonly algo: ChecksumAlgorithm,
    private readonly hasher: Hasher,
    private readonly expected: () => string | undefined,
    private readonly required: boolean,
  ) {
    // CRC64NVME (the default of every PutObject) costs about what MD5 does: the layer may run it on
    // its hashing worker beside the MD5 of a large body (docs/performance.md).
    this.offload = algo === 'CRC64NVME' ? offloadedCrc64() : undefined;
  }

  update(chunk: Buffer): void {
    this.hasher.update(chunk);
  }

  digested(digest: Buffer): void {
    this.precomputed = digest;
  }

  end(): void {
    if (this.result !== undefined) return;
    const actual = (this.precomputed ?? this.hasher.digest()).toString('base64');
    const want = this.expected();
    if (want === undefined && this.required) {
      throw invalid(`The trailer ${checksumHeader(this.algo)} announced in x-amz-trailer was not sent.`);
    }
    if (want !== undefined && want !== actual) {
      throw new S3Error('BadDigest', `The ${this.algo} you specified did not match the calculated checksum.`);
    }
    this.result = actual;
  }
}

/** A ChecksumTap as a stream stage, for bodies that do not go through a layer write (copies). */
class ChecksumVerifier extends Transform {
  constructor(readonly tap: ChecksumTap) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.tap.update(chunk);
    cb(null, chunk);
  }

  override _flush(cb: TransformCallback): void {
    try {
      this.tap.end();
    } catch (err) {
      cb(err as Error);
      return;
    }
    cb();
  }
}

export interface ChecksummedBody {
  /**
   * The verified payload: whole when the request is small (S3Request.smallBody), else as it streams
   * (not hashed yet either way: the layer's read loop feeds `tap`).
   */
  data: Readable | Buffer;
  size: number;
  /** The algorithm hashed (the request's, else the one asked for), if any. */
  algo?: ChecksumAlgorithm;
  /** Hashes and checks the body: give it to the layer's write (PutObjectOptions.bodyTap). */
  tap?: BodyTap;
  /** The body's checksum once `tap` has ended (verified against the request's). */
  value: () => string | undefined;
}

/**
 * The request's verified body with a tap that hashes it with its declared checksum algorithm (or
 * `want` when the request declares none — a multipart upload's algorithm; else `fallback`, the default
 * a PutObject is checksummed with) and checks the declared value at its end. A declared algorithm
 * other than `want` is InvalidRequest, as S3 answers for a part of an upload made with another
 * algorithm. The hashing runs in the layer's own read loop: no stream stage per request.
 */
export async function checksummedBody(
  req: S3Request,
  want?: ChecksumAlgorithm,
  fallback?: ChecksumAlgorithm,
): Promise<ChecksummedBody> {
  const declared = requestChecksum(req.headers);
  if (declared && want && declared.algo !== want) {
    throw invalid(
      `Checksum Type mismatch occurred, expected checksum Type: ${want.toLowerCase()}, actual checksum Type: ${declared.algo.toLowerCase()}`,
    );
  }
  const small = req.smallBody();
  const whole = small instanceof Promise ? await small : small;
  let data: Readable | Buffer;
  let size: number;
  let trailers: VerifiedBody['trailers'];
  if (whole) {
    data = whole;
    size = whole.length;
  } else {
    ({ stream: data, size, trailers } = req.body());
  }
  const algo = declared?.algo ?? want ?? fallback;
  if (!algo) return { data, size, value: () => undefined };
  const header = checksumHeader(algo);
  const expected = (): string | undefined => {
    if (!declared) return undefined;
    if (!declared.trailer) return declared.value;
    const v = trailers?.()[header];
    if (v !== undefined && !validChecksumValue(algo, v))
      throw invalid(`Value for ${header} trailing header is invalid.`);
    return v;
  };
  const tap = new ChecksumTap(algo, await createHasher(algo), expected, declared?.trailer === true);
  return { data, size, algo, tap, value: () => tap.result };
}

/** A stream hashed with `algo` as it passes, checked against `expected()` (if any) before it ends. */
export async function hashedStream(
  source: Readable,
  algo: ChecksumAlgorithm,
  expected: () => string | undefined = () => undefined,
  required = false,
): Promise<{ stream: Readable; value: () => string | undefined }> {
  const verifier = new ChecksumVerifier(new ChecksumTap(algo, await createHasher(algo), expected, required));
  verifier.on('error', () => undefined);
  source.on('error', (err) => verifier.destroy(err));
  source.pipe(verifier);
  return { stream: verifier, value: () => verifier.tap.result };
}

/**
 * Response headers naming a stored checksum: `x-amz-checksum-<algo>` and `x-amz-checksum-type`, set
 * on `into` (a new object by default).
 */
export function checksumResponseHeaders(
  c: ChecksumRecord | undefined,
  into: Record<string, string> = {},
): Record<string, string> {
  if (!c) return into;
  into[checksumHeader(c.algo)] = c.value;
  into['x-amz-checksum-type'] = c.type;
  return into;
}

/** GET/HEAD return the checksum only when asked (`x-amz-checksum-mode: ENABLED`) and for the whole object. */
export function checksumModeHeaders(
  req: S3Request,
  info: ObjectInfo,
  whole: boolean,
): Record<string, string> {
  if (String(req.headers['x-amz-checksum-mode'] ?? '').toUpperCase() !== 'ENABLED') return {};
  if (!whole) return {};
  return checksumResponseHeaders(info.checksum);
}

/** The XML elements of a checksum (`ChecksumCRC32`, …, `ChecksumType`) for response documents. */
export function checksumXml(c: ChecksumRecord | undefined): Record<string, string> {
  if (!c) return {};
  return { [`Checksum${c.algo}`]: c.value, ChecksumType: c.type };
}
