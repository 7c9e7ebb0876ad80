// SPDX-License-Identifier: Apache-2.0
import {
  buildCanonicalRequest,
  buildStringToSign,
  canonicalHeaders,
  canonicalQuery,
  canonicalUri,
  credentialScope,
  deriveSigningKey,
  EMPTY_PAYLOAD_HASH,
  formatAmzDate,
  signature,
} from '@stowage/madmin';
import { describe, expect, it } from 'vitest';
import { isS3Error, type S3Error } from '../core/errors.js';
import type { CredentialStore } from '../iam/types.js';
import { authenticateRequest, checkRegion } from './sigv4-verify.js';

const creds: CredentialStore = {
  async lookup(accessKey) {
    return accessKey === 'tester'
      ? { secretKey: 'tester-secret', identity: { kind: 'user', accessKey, parentUser: accessKey } }
      : null;
  },
};

/** Signs GET path?query the way a client whose canonical query keeps (or sorts) repeated values would. */
function signedHeaders(query: URLSearchParams, valueOrder: 'sorted' | 'as-sent'): Record<string, string> {
  const now = new Date();
  const amzDate = formatAmzDate(now);
  const headers = { host: 'store', 'x-amz-date': amzDate, 'x-amz-content-sha256': EMPTY_PAYLOAD_HASH };
  const names = Object.keys(headers).sort();
  const canonical = buildCanonicalRequest({
    method: 'GET',
    canonicalUri: canonicalUri('/minio/admin/v3/idp/builtin/policy-entities'),
    canonicalQuery: canonicalQuery(query, valueOrder),
    canonicalHeaders: canonicalHeaders(headers, names),
    signedHeaders: names,
    payloadHash: EMPTY_PAYLOAD_HASH,
  });
  const scope = credentialScope(amzDate.slice(0, 8), '', 's3');
  const sig = signature(
    deriveSigningKey('tester-secret', amzDate.slice(0, 8), '', 's3'),
    buildStringToSign(amzDate, scope, canonical),
  );
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=tester/${scope}, SignedHeaders=${names.join(';')}, Signature=${sig}`,
  };
}

describe('SigV4 verification of repeated query parameters', () => {
  const query = new URLSearchParams([
    ['policy', 'zeta'],
    ['policy', 'alpha'],
  ]);
  const request = (headers: Record<string, string>) =>
    authenticateRequest(
      { method: 'GET', path: '/minio/admin/v3/idp/builtin/policy-entities', query, headers, service: 's3' },
      creds,
    );

  it('accepts values signed in AWS order (sorted)', async () => {
    await expect(request(signedHeaders(query, 'sorted'))).resolves.toMatchObject({
      secretKey: 'tester-secret',
    });
  });

  it('accepts values signed in the order sent, as Go SDKs sign them', async () => {
    await expect(request(signedHeaders(query, 'as-sent'))).resolves.toMatchObject({
      secretKey: 'tester-secret',
    });
  });

  it('still refuses a wrong signature', async () => {
    const headers = signedHeaders(query, 'as-sent');
    headers.authorization = headers.authorization!.replace(/Signature=\w+/, `Signature=${'0'.repeat(64)}`);
    await expect(request(headers)).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
  });
});

describe('region check (the region config set)', () => {
  it('accepts any region when none is configured, and "US" as us-east-1', () => {
    expect(() => checkRegion('ap-south-1', '')).not.toThrow();
    expect(() => checkRegion('ap-south-1', undefined)).not.toThrow();
    expect(() => checkRegion('US', 'us-east-1')).not.toThrow();
    expect(() => checkRegion('eu-west-1', 'eu-west-1')).not.toThrow();
  });

  it('refuses another region with AuthorizationHeaderMalformed naming the expected one', () => {
    let err: unknown;
    try {
      checkRegion('us-east-1', 'eu-west-1');
    } catch (e) {
      err = e;
    }
    expect(isS3Error(err, 'AuthorizationHeaderMalformed')).toBe(true);
    expect((err as S3Error).message).toContain("expecting 'eu-west-1'");
    expect((err as S3Error).extra).toEqual({ Region: 'eu-west-1' });
    expect((err as S3Error).status).toBe(400);
  });
});
