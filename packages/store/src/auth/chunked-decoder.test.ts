// SPDX-License-Identifier: Apache-2.0
import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  buildChunkStringToSign,
  credentialScope,
  deriveSigningKey,
  EMPTY_PAYLOAD_HASH,
} from '@stowage/madmin';
import { describe, expect, it } from 'vitest';
import { isS3Error } from '../core/errors.js';
import { AwsChunkedDecoder, type ChunkSigning } from './chunked-decoder.js';

// The worked example of AWS's "Signature Calculations for the Authorization Header: Transferring
// Payload in Multiple Chunks": 66560 bytes of 'a' in chunks of 64 KiB and 1 KiB, signed with the
// documentation's example key on 20130524 in us-east-1.
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const AMZ_DATE = '20130524T000000Z';
const SEED = '4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9';
const SIGS = [
  'ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648',
  '0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497',
  'b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9',
];

function signing(trailer = false): ChunkSigning {
  return {
    seedSignature: SEED,
    signingKey: deriveSigningKey(SECRET, '20130524', 'us-east-1', 's3'),
    amzDate: AMZ_DATE,
    scope: credentialScope('20130524', 'us-east-1', 's3'),
    trailer,
  };
}

function exampleBody(sigs = SIGS): Buffer {
  const c1 = Buffer.alloc(65536, 'a');
  const c2 = Buffer.alloc(1024, 'a');
  return Buffer.concat([
    Buffer.from(`10000;chunk-signature=${sigs[0]}\r\n`),
    c1,
    Buffer.from(`\r\n400;chunk-signature=${sigs[1]}\r\n`),
    c2,
    Buffer.from(`\r\n0;chunk-signature=${sigs[2]}\r\n\r\n`),
  ]);
}

/** Feeds the body in pieces of `step` bytes (chunk boundaries fall anywhere). */
async function decode(body: Buffer, decoder: AwsChunkedDecoder, step = 7919): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let i = 0; i < body.length; i += step) pieces.push(body.subarray(i, i + step));
  const out: Buffer[] = [];
  for await (const c of Readable.from(pieces).pipe(decoder)) out.push(c as Buffer);
  return Buffer.concat(out);
}

describe('AwsChunkedDecoder', () => {
  it("decodes AWS's documented example and verifies its chunk signatures", async () => {
    for (const step of [1, 13, 4096, 70000]) {
      const out = await decode(exampleBody(), new AwsChunkedDecoder(signing(), 66560), step);
      expect(out.length).toBe(66560);
      expect(out.every((b) => b === 0x61)).toBe(true);
    }
  });

  it('fails on a tampered chunk, a broken chain, or a wrong seed, before the stream ends', async () => {
    const tampered = exampleBody();
    tampered[100] = 0x62;
    await expect(decode(tampered, new AwsChunkedDecoder(signing(), 66560))).rejects.toSatisfy((e) =>
      isS3Error(e, 'SignatureDoesNotMatch'),
    );
    const swapped = exampleBody([SIGS[1] as string, SIGS[0] as string, SIGS[2] as string]);
    await expect(decode(swapped, new AwsChunkedDecoder(signing(), 66560))).rejects.toSatisfy((e) =>
      isS3Error(e, 'SignatureDoesNotMatch'),
    );
    const wrongSeed = { ...signing(), seedSignature: '0'.repeat(64) };
    await expect(decode(exampleBody(), new AwsChunkedDecoder(wrongSeed, 66560))).rejects.toSatisfy((e) =>
      isS3Error(e, 'SignatureDoesNotMatch'),
    );
  });

  it('fails on truncated bodies, wrong decoded lengths and malformed framing', async () => {
    const body = exampleBody();
    await expect(decode(body.subarray(0, 40000), new AwsChunkedDecoder(signing(), 66560))).rejects.toSatisfy(
      (e) => isS3Error(e, 'IncompleteBody'),
    );
    await expect(decode(body, new AwsChunkedDecoder(signing(), 66561))).rejects.toSatisfy((e) =>
      isS3Error(e, 'IncompleteBody'),
    );
    await expect(
      decode(Buffer.from('zz;chunk-signature=abc\r\n'), new AwsChunkedDecoder(signing(), -1)),
    ).rejects.toSatisfy((e) => isS3Error(e, 'IncompleteBody'));
    // A signed body must sign every chunk.
    await expect(
      decode(Buffer.from('3\r\nabc\r\n0\r\n\r\n'), new AwsChunkedDecoder(signing(), 3)),
    ).rejects.toSatisfy((e) => isS3Error(e, 'SignatureDoesNotMatch'));
  });

  it('decodes unsigned chunked bodies with trailers (STREAMING-UNSIGNED-PAYLOAD-TRAILER)', async () => {
    const body = Buffer.from('5\r\nhello\r\n6\r\n world\r\n0\r\nx-amz-checksum-crc32:AAAAAA==\r\n\r\n');
    const out = await decode(body, new AwsChunkedDecoder(null, 11), 3);
    expect(out.toString()).toBe('hello world');
    const noTrailer = Buffer.from('5\r\nhello\r\n0\r\n\r\n');
    expect((await decode(noTrailer, new AwsChunkedDecoder(null, 5))).toString()).toBe('hello');
  });

  it('verifies signed trailers (STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER) in both spellings', async () => {
    const sign = signing(true);
    const hmac = (sts: string): string => createHmac('sha256', sign.signingKey).update(sts).digest('hex');
    const data = Buffer.from('trailer payload');
    const s1 = hmac(
      buildChunkStringToSign(AMZ_DATE, sign.scope, SEED, createHash('sha256').update(data).digest('hex')),
    );
    const s0 = hmac(buildChunkStringToSign(AMZ_DATE, sign.scope, s1, EMPTY_PAYLOAD_HASH));
    const trailer = 'x-amz-checksum-crc32c:sOO8/Q==\n';
    const trailerHash = createHash('sha256').update(trailer).digest('hex');
    const ts = hmac(['AWS4-HMAC-SHA256-TRAILER', AMZ_DATE, sign.scope, s0, trailerHash].join('\n'));
    const head = Buffer.concat([
      Buffer.from(`${data.length.toString(16)};chunk-signature=${s1}\r\n`),
      data,
      Buffer.from(`\r\n0;chunk-signature=${s0}\r\n`),
    ]);
    // minio-go writes `name:value\n`, a CRLF, then the signature line; AWS's documentation uses CRLFs.
    const minioGo = Buffer.concat([head, Buffer.from(`${trailer}\r\nx-amz-trailer-signature:${ts}\r\n\r\n`)]);
    const aws = Buffer.concat([
      head,
      Buffer.from(`x-amz-checksum-crc32c:sOO8/Q==\r\nx-amz-trailer-signature:${ts}\r\n\r\n`),
    ]);
    for (const body of [minioGo, aws]) {
      expect((await decode(body, new AwsChunkedDecoder(sign, data.length), 5)).toString()).toBe(
        'trailer payload',
      );
    }
    const forged = Buffer.from(minioGo.toString().replace('sOO8/Q==', 'AAAAAA=='));
    await expect(decode(forged, new AwsChunkedDecoder(sign, data.length))).rejects.toSatisfy((e) =>
      isS3Error(e, 'SignatureDoesNotMatch'),
    );
  });
});
