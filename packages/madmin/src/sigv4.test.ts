// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import {
  buildCanonicalRequest,
  buildStringToSign,
  canonicalHeaders,
  canonicalQuery,
  canonicalUri,
  computeSignature,
  credentialScope,
  deriveSigningKey,
  EMPTY_PAYLOAD_HASH,
  formatAmzDate,
  parseAmzDate,
  parseAuthorization,
  presignUrl,
  sha256Hex,
  signature,
  signaturesEqual,
  signRequest,
  uriEncode,
} from './sigv4.js';

// The worked examples of the Amazon S3 API reference ("Signature Calculations for the Authorization
// Header" and "Authenticating Requests: Using Query Parameters"): bucket examplebucket, us-east-1,
// 2013-05-24T00:00:00Z, access key AKIAIOSFODNN7EXAMPLE.
const AK = 'AKIAIOSFODNN7EXAMPLE';
const SK = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const HOST = 'examplebucket.s3.amazonaws.com';
const DATE = new Date('2013-05-24T00:00:00Z');

describe('AWS published vectors', () => {
  it('GET object with a Range header', () => {
    const headers = {
      host: HOST,
      range: 'bytes=0-9',
      'x-amz-content-sha256': EMPTY_PAYLOAD_HASH,
      'x-amz-date': '20130524T000000Z',
    };
    const signed = ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'];
    const creq = buildCanonicalRequest({
      method: 'GET',
      canonicalUri: canonicalUri('/test.txt'),
      canonicalQuery: canonicalQuery({}),
      canonicalHeaders: canonicalHeaders(headers, signed),
      signedHeaders: signed,
      payloadHash: EMPTY_PAYLOAD_HASH,
    });
    expect(sha256Hex(creq)).toBe('7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972');
    const sts = buildStringToSign('20130524T000000Z', credentialScope('20130524', 'us-east-1', 's3'), creq);
    const key = deriveSigningKey(SK, '20130524', 'us-east-1', 's3');
    expect(signature(key, sts)).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });

  it('signRequest reproduces the GET example end to end', () => {
    const out = signRequest({
      method: 'GET',
      url: `https://${HOST}/test.txt`,
      headers: { Range: 'bytes=0-9' },
      accessKey: AK,
      secretKey: SK,
      region: 'us-east-1',
      service: 's3',
      date: DATE,
    });
    expect(out.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(out['x-amz-date']).toBe('20130524T000000Z');
    expect(out['x-amz-content-sha256']).toBe(EMPTY_PAYLOAD_HASH);
  });

  it('PUT object with a body, a Date header and a $ in the key', () => {
    const out = signRequest({
      method: 'PUT',
      url: `https://${HOST}/test$file.text`,
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      body: 'Welcome to Amazon S3.',
      accessKey: AK,
      secretKey: SK,
      region: 'us-east-1',
      service: 's3',
      date: DATE,
    });
    expect(out.authorization).toContain(
      'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class',
    );
    expect(out.authorization).toContain(
      'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('GET bucket lifecycle (a valueless sub-resource)', () => {
    const out = signRequest({
      method: 'GET',
      url: `https://${HOST}/?lifecycle`,
      accessKey: AK,
      secretKey: SK,
      region: 'us-east-1',
      service: 's3',
      date: DATE,
    });
    expect(out.authorization).toContain(
      'Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    );
  });

  it('list objects with a sorted query', () => {
    const out = signRequest({
      method: 'GET',
      url: `https://${HOST}/?max-keys=2&prefix=J`,
      accessKey: AK,
      secretKey: SK,
      region: 'us-east-1',
      service: 's3',
      date: DATE,
    });
    expect(out.authorization).toContain(
      'Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });

  it('presigned GET valid for one day', () => {
    const url = presignUrl({
      method: 'GET',
      url: `https://${HOST}/test.txt`,
      accessKey: AK,
      secretKey: SK,
      region: 'us-east-1',
      expires: 86400,
      date: DATE,
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });
});

describe('canonical forms', () => {
  it('encodes URIs the AWS way', () => {
    expect(uriEncode('a b+c/d~e_f.g-h*é')).toBe('a%20b%2Bc%2Fd~e_f.g-h%2A%C3%A9');
    expect(canonicalHeaders({ Host: 'h', 'x-amz-date': ['a', ' b  c '] }, ['host', 'x-amz-date'])).toBe(
      'host:h\nx-amz-date:a, b c\n',
    );
    expect(uriEncode('Az09-._~')).toBe('Az09-._~');
    expect(uriEncode('a/b')).toBe('a%2Fb');
    expect(uriEncode('/a/b.txt', true)).toBe('/a/b.txt');
    expect(uriEncode('/a/b c', true)).toBe('/a/b%20c');
    expect(canonicalUri('/bucket/my key/ü+x')).toBe('/bucket/my%20key/%C3%BC%2Bx');
    expect(canonicalUri('')).toBe('/');
    expect(canonicalUri('/a//b/')).toBe('/a//b/');
  });

  it('sorts and encodes queries, keeping valueless parameters', () => {
    expect(
      canonicalQuery([
        ['b', '2'],
        ['a', 'x y'],
        ['a', '1'],
        ['uploads', ''],
      ]),
    ).toBe('a=1&a=x%20y&b=2&uploads=');
    expect(canonicalQuery({ z: ['2', '1'], 'a/b': 'c/d', skip: undefined })).toBe('a%2Fb=c%2Fd&z=1&z=2');
  });

  it('trims and collapses header values and rejects missing signed headers', () => {
    const h = { Host: 'h', 'X-Amz-Meta-A': '  a   b  ', 'x-multi': ['1', '2'] };
    expect(canonicalHeaders(h, ['host', 'x-amz-meta-a', 'x-multi'])).toBe(
      'host:h\nx-amz-meta-a:a b\nx-multi:1,2\n',
    );
    expect(canonicalHeaders(new Headers({ Host: 'h' }), ['host'])).toBe('host:h\n');
    expect(() => canonicalHeaders(h, ['range'])).toThrow(/range/);
  });

  it('formats and parses X-Amz-Date', () => {
    expect(formatAmzDate(new Date('2024-02-29T13:04:05.678Z'))).toBe('20240229T130405Z');
    expect(parseAmzDate('20240229T130405Z')?.toISOString()).toBe('2024-02-29T13:04:05.000Z');
    expect(parseAmzDate('20230229T130405Z')).toBeUndefined();
    expect(parseAmzDate('2024-02-29')).toBeUndefined();
    // Every field must be digits, the separators exactly T and Z, nothing around them.
    for (const bad of [
      '2024022aT130405Z',
      '20240229T13040+5Z',
      '20240229t130405Z',
      '20240229T130405z',
      ' 20240229T130405Z',
      '20240229T130405Z\n',
      '20240229T240000Z',
      '20240229T126005Z',
      '20240229T125960Z',
      '20241301T000000Z',
      '20240100T000000Z',
    ]) {
      expect(parseAmzDate(bad), bad).toBeUndefined();
    }
  });
});

describe('verification helpers', () => {
  it('parses an Authorization header and recomputes its signature', () => {
    const out = signRequest({
      method: 'PUT',
      url: 'http://127.0.0.1:9000/minio/admin/v3/add-user?accessKey=alice',
      body: 'hello',
      accessKey: 'minioadmin',
      secretKey: 'minioadmin-secret',
      sessionToken: 'tok',
      region: '',
      service: 's3',
    });
    const parsed = parseAuthorization(out.authorization!);
    expect(parsed).toMatchObject({ accessKey: 'minioadmin', region: '', service: 's3' });
    expect(parsed?.signedHeaders).toEqual([
      'host',
      'x-amz-content-sha256',
      'x-amz-date',
      'x-amz-security-token',
    ]);
    const recomputed = computeSignature({
      method: 'PUT',
      path: '/minio/admin/v3/add-user',
      query: new URLSearchParams('accessKey=alice'),
      headers: { ...out, host: '127.0.0.1:9000' },
      signedHeaders: parsed!.signedHeaders,
      payloadHash: out['x-amz-content-sha256']!,
      amzDate: out['x-amz-date']!,
      region: parsed!.region,
      service: parsed!.service,
      secretKey: 'minioadmin-secret',
    });
    expect(signaturesEqual(recomputed, parsed!.signature)).toBe(true);
    expect(out['x-amz-content-sha256']).toBe(sha256Hex('hello'));
    // A different secret must not verify.
    const wrong = computeSignature({
      method: 'PUT',
      path: '/minio/admin/v3/add-user',
      query: new URLSearchParams('accessKey=alice'),
      headers: { ...out, host: '127.0.0.1:9000' },
      signedHeaders: parsed!.signedHeaders,
      payloadHash: out['x-amz-content-sha256']!,
      amzDate: out['x-amz-date']!,
      region: '',
      service: 's3',
      secretKey: 'other-secret',
    });
    expect(signaturesEqual(wrong, parsed!.signature)).toBe(false);
  });

  it('rejects malformed Authorization headers', () => {
    expect(parseAuthorization('AWS AKID:sig')).toBeUndefined();
    expect(parseAuthorization('AWS4-HMAC-SHA256 Credential=a/2013/us/s3/aws4_request')).toBeUndefined();
    expect(
      parseAuthorization(
        `AWS4-HMAC-SHA256 Credential=a/20130524/us/s3/aws4_request, SignedHeaders=host, Signature=${'0'.repeat(64)}`,
      ),
    ).toMatchObject({ accessKey: 'a', date: '20130524', region: 'us' });
  });

  it('bounds presign expiry', () => {
    const base = { method: 'GET', url: 'http://h/b/k', accessKey: 'a', secretKey: 'b', region: '' };
    expect(() => presignUrl({ ...base, expires: 604801 })).toThrow(RangeError);
    expect(() => presignUrl({ ...base, expires: 0 })).toThrow(RangeError);
    const u = new URL(presignUrl({ ...base, expires: 604800, sessionToken: 't/k' }));
    expect(u.searchParams.get('X-Amz-Security-Token')).toBe('t/k');
    expect(u.searchParams.get('X-Amz-Expires')).toBe('604800');
  });
});
