// SPDX-License-Identifier: Apache-2.0
import {
  CreateBucketCommand,
  DeleteBucketCorsCommand,
  GetBucketCorsCommand,
  PutBucketCorsCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootSdk, sdkError } from './aws-sdk.js';
import { startTestStore, type TestStore } from './harness.js';

// Bucket CORS with the AWS SDK v3 (configuration) and plain HTTP (preflights and actual requests as a
// browser sends them; the browser journey e2e/journeys/s3-browser.spec.ts uploads from another origin).
let t: TestStore;
let s3: S3Client;
const B = 'cors';

function preflight(path: string, origin: string, method: string, headers?: string): Promise<Response> {
  return fetch(`${t.store.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      ...(headers ? { 'access-control-request-headers': headers } : {}),
    },
  });
}

beforeAll(async () => {
  t = await startTestStore();
  s3 = rootSdk(t);
  await s3.send(new CreateBucketCommand({ Bucket: B }));
  await s3.send(new PutObjectCommand({ Bucket: B, Key: 'page.txt', Body: 'hello' }));
});
afterAll(async () => {
  s3?.destroy();
  await t?.stop();
});

describe('bucket CORS configuration', () => {
  it('is absent at first (NoSuchCORSConfiguration)', async () => {
    expect(await sdkError(s3.send(new GetBucketCorsCommand({ Bucket: B })))).toEqual({
      name: 'NoSuchCORSConfiguration',
      status: 404,
    });
  });

  it('refuses an unsupported method and a double wildcard (InvalidRequest)', async () => {
    for (const rule of [
      { AllowedOrigins: ['*'], AllowedMethods: ['PATCH'] },
      { AllowedOrigins: ['http://*.example.*'], AllowedMethods: ['GET'] },
    ]) {
      expect(
        await sdkError(
          s3.send(new PutBucketCorsCommand({ Bucket: B, CORSConfiguration: { CORSRules: [rule] } })),
        ),
      ).toEqual({ name: 'InvalidRequest', status: 400 });
    }
  });

  it('stores the rules and returns them', async () => {
    await s3.send(
      new PutBucketCorsCommand({
        Bucket: B,
        CORSConfiguration: {
          CORSRules: [
            {
              ID: 'app',
              AllowedOrigins: ['http://app.example.com', 'http://*.apps.example.com'],
              AllowedMethods: ['PUT', 'GET'],
              AllowedHeaders: ['content-type', 'x-amz-*'],
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 600,
            },
            { AllowedOrigins: ['*'], AllowedMethods: ['HEAD'] },
          ],
        },
      }),
    );
    const got = await s3.send(new GetBucketCorsCommand({ Bucket: B }));
    expect(got.CORSRules).toEqual([
      {
        ID: 'app',
        AllowedOrigins: ['http://app.example.com', 'http://*.apps.example.com'],
        AllowedMethods: ['PUT', 'GET'],
        AllowedHeaders: ['content-type', 'x-amz-*'],
        ExposeHeaders: ['ETag'],
        MaxAgeSeconds: 600,
      },
      { AllowedOrigins: ['*'], AllowedMethods: ['HEAD'] },
    ]);
  });

  it('answers an allowed preflight with the rule’s headers', async () => {
    const res = await preflight(
      `/${B}/upload.bin`,
      'http://one.apps.example.com',
      'PUT',
      'Content-Type, X-Amz-Date',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://one.apps.example.com');
    expect(res.headers.get('access-control-allow-methods')).toBe('PUT, GET');
    expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type, X-Amz-Date');
    expect(res.headers.get('access-control-expose-headers')).toBe('ETag');
    expect(res.headers.get('access-control-max-age')).toBe('600');
  });

  it('refuses a preflight no rule allows (403 AccessForbidden)', async () => {
    for (const [origin, method, headers] of [
      ['http://evil.example.org', 'PUT', undefined],
      ['http://app.example.com', 'DELETE', undefined],
      ['http://app.example.com', 'PUT', 'authorization-x'],
    ] as const) {
      const res = await preflight(`/${B}/upload.bin`, origin, method, headers);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('<Code>AccessForbidden</Code>');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('puts CORS headers on an actual request a rule allows, and none otherwise', async () => {
    const allowed = await fetch(`${t.store.url}/${B}/page.txt`, {
      method: 'HEAD',
      headers: { origin: 'http://x.test' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('*');
    const other = await fetch(`${t.store.url}/${B}/page.txt`, { headers: { origin: 'http://x.test' } });
    // Anonymous GET is denied, and no rule allows GET from that origin: no CORS headers either.
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('is removed by DeleteBucketCors; the store-wide policy applies again', async () => {
    await s3.send(new DeleteBucketCorsCommand({ Bucket: B }));
    expect(await sdkError(s3.send(new GetBucketCorsCommand({ Bucket: B })))).toMatchObject({ status: 404 });
    const res = await preflight(`/${B}/upload.bin`, 'http://evil.example.org', 'PUT');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://evil.example.org');
  });
});
