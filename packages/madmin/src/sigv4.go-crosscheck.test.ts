// SPDX-License-Identifier: Apache-2.0
/**
 * Conformance of the SigV4 verifier against minio-go's signer — the code madmin-go signs every admin
 * call with and minio-go presigns URLs with. The Go program signs; this side takes the request as a
 * server would receive it (request target, headers) and recomputes the signature with the same
 * functions the store's auth layer uses. Needs Debian's golang-go and the minio-go/madmin-go sources.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  computeSignature,
  decodePath,
  parseAuthorization,
  parseCredential,
  sha256Hex,
  signaturesEqual,
  UNSIGNED_PAYLOAD,
} from './sigv4.js';
import { buildGoProgram, type GoProgram } from './testing/go-program.js';

let go: GoProgram | undefined;

// A cold build of madmin-go on a busy 2-core machine can take minutes.
beforeAll(async () => {
  go = await buildGoProgram('madmin-crypto');
}, 600_000);

interface SignCase {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
  region: string;
  presignExpires?: number;
}

interface Signed {
  requestURI: string;
  host: string;
  headers: Record<string, string>;
}

async function signWithGo(cases: SignCase[]): Promise<Signed[]> {
  if (!go) throw new Error('the Go program was not built');
  return JSON.parse((await go.run(['sign'], JSON.stringify(cases))).toString()) as Signed[];
}

/** What a server does with an incoming request: split the target, decode the path, verify. */
function verifyAsServer(c: SignCase, s: Signed, secretKey: string): boolean {
  const q = s.requestURI.indexOf('?');
  const rawPath = q < 0 ? s.requestURI : s.requestURI.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : s.requestURI.slice(q + 1));
  const headers: Record<string, string> = { host: s.host };
  for (const [k, v] of Object.entries(s.headers)) headers[k.toLowerCase()] = v;

  if (c.presignExpires) {
    const sig = query.get('X-Amz-Signature') ?? '';
    const cred = parseCredential(
      query.get('X-Amz-Credential') ?? '',
      query.get('X-Amz-SignedHeaders') ?? '',
      sig,
    );
    if (!cred) throw new Error(`unparseable presigned credential in ${s.requestURI}`);
    query.delete('X-Amz-Signature');
    const expected = computeSignature({
      method: c.method,
      path: decodePath(rawPath),
      query,
      headers,
      signedHeaders: cred.signedHeaders,
      payloadHash: UNSIGNED_PAYLOAD,
      amzDate: query.get('X-Amz-Date') ?? '',
      region: cred.region,
      service: cred.service,
      secretKey,
    });
    return signaturesEqual(expected, sig);
  }
  const auth = parseAuthorization(headers.authorization ?? '');
  if (!auth) throw new Error(`unparseable Authorization: ${headers.authorization}`);
  expect(headers['x-amz-content-sha256']).toBe(sha256Hex(c.body ?? ''));
  const expected = computeSignature({
    method: c.method,
    path: decodePath(rawPath),
    query,
    headers,
    signedHeaders: auth.signedHeaders,
    payloadHash: headers['x-amz-content-sha256']!,
    amzDate: headers['x-amz-date'] ?? '',
    region: auth.region,
    service: auth.service,
    secretKey,
  });
  return signaturesEqual(expected, auth.signature);
}

const KEYS = { accessKey: 'minioadmin', secretKey: 'minio-secret-key-1' };
const CASES: SignCase[] = [
  {
    ...KEYS,
    method: 'PUT',
    url: 'http://127.0.0.1:9000/minio/admin/v3/add-user?accessKey=alice',
    body: 'encrypted bytes would go here',
    region: '',
  },
  {
    ...KEYS,
    method: 'GET',
    url: 'http://127.0.0.1:9000/minio/admin/v3/idp/builtin/policy-entities?user=a%20b&user=c%2Bd&policy=readonly',
    region: '',
    sessionToken: 'eyJhbGciOiJIUzUxMiJ9.e30.x',
  },
  {
    ...KEYS,
    method: 'GET',
    url: "http://localhost:9000/photos?list-type=2&prefix=2024%2Fsummer%20trip%2F&delimiter=%2F&start-after=k%C3%A9!'()*",
    region: 'us-east-1',
  },
  {
    ...KEYS,
    method: 'PUT',
    url: "http://localhost:9000/photos/dir/k%C3%A9%20y!'()*+=&;$@,.txt",
    headers: { 'Content-Type': 'text/plain', 'X-Amz-Meta-Note': '  two   spaces  ' },
    body: 'hello',
    region: 'us-east-1',
  },
  { ...KEYS, method: 'POST', url: 'http://localhost:9000/photos/big.bin?uploads', region: 'us-east-1' },
  {
    ...KEYS,
    method: 'GET',
    url: 'http://localhost:9000/photos/%E2%82%AC%20report.pdf?versionId=abc',
    region: 'us-east-1',
    sessionToken: 'session/token+with=chars',
    presignExpires: 3600,
  },
  {
    ...KEYS,
    method: 'PUT',
    url: 'http://127.0.0.1:9000/photos/a%2Bb/c?partNumber=2&uploadId=x%2Fy',
    region: '',
    presignExpires: 604800,
  },
];

describe('minio-go signer → our verifier', () => {
  it('verifies every request minio-go signs, and rejects them under another secret', async () => {
    const signed = await signWithGo(CASES);
    expect(signed).toHaveLength(CASES.length);
    for (const [i, c] of CASES.entries()) {
      expect(verifyAsServer(c, signed[i]!, KEYS.secretKey), `case ${i}: ${c.method} ${c.url}`).toBe(true);
      expect(verifyAsServer(c, signed[i]!, 'another-secret-key'), `case ${i} with a wrong key`).toBe(false);
    }
  });
});
