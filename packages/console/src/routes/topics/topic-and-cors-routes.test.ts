// SPDX-License-Identifier: Apache-2.0
import { type BucketCors, bucketCorsSchema } from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../../testing/console-harness.js';

/**
 * Issue 36 through the console on the embedded store: bucket CORS rules written and read back through S3,
 * and the topic routes, which only Ceph RGW serves (501 with the reason here; the Ceph journey
 * `engines-ceph-settings.spec.ts` drives them on RGW).
 */
describe('bucket CORS and topics on the embedded store', () => {
  let h: ConsoleHarness;
  let call: ReturnType<typeof jsonCaller>;
  beforeAll(async () => {
    h = await startConsoleHarness();
    call = jsonCaller(h.app, await h.login());
    await h.s3.makeBucket('corsy', 'us-east-1');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a bucket without CORS rules reads as none', async () => {
    const res = await call('GET', '/api/v1/buckets/corsy/cors');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ rules: [] });
  });

  it('PUT replaces the rules, the store then answers preflights by them, and no rule removes them', async () => {
    const rules: BucketCors['rules'] = [
      {
        id: 'web',
        allowedOrigins: ['https://app.example.com'],
        allowedMethods: ['GET', 'PUT'],
        allowedHeaders: ['*'],
        exposeHeaders: ['ETag'],
        maxAgeSeconds: 600,
      },
      {
        id: '',
        allowedOrigins: ['*'],
        allowedMethods: ['HEAD'],
        allowedHeaders: [],
        exposeHeaders: [],
        maxAgeSeconds: null,
      },
    ];
    const put = await call('PUT', '/api/v1/buckets/corsy/cors', { rules });
    expect(put.status).toBe(200);
    expect(bucketCorsSchema.parse(put.body)).toEqual({ rules });
    expect((await call('GET', '/api/v1/buckets/corsy/cors')).body).toEqual({ rules });

    // The store's own preflight answer follows the rules the console wrote.
    const preflight = await fetch(`${h.store.url}/corsy/k`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');

    const cleared = await call('PUT', '/api/v1/buckets/corsy/cors', { rules: [] });
    expect(cleared.body).toEqual({ rules: [] });
  });

  it('refuses a rule without origins or methods with the reason', async () => {
    const res = await call('PUT', '/api/v1/buckets/corsy/cors', {
      rules: [{ allowedOrigins: [], allowedMethods: ['GET'] }],
    });
    expect(res.status).toBe(400);
    expect((res.body as { detailedError: string }).detailedError).toContain('allowed origin');
  });

  it('topics answer 501 with the reason: only Ceph RGW has them', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/v1/topics', undefined],
      ['POST', '/api/v1/topics', { name: 't1', pushEndpoint: 'http://127.0.0.1:9/hook' }],
      ['DELETE', '/api/v1/topics/t1', undefined],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.status, url).toBe(501);
      expect(res.body).toEqual({
        errorMessage: 'This server does not provide SNS-compatible topics',
        detailedError: expect.stringContaining('did not answer ListTopics'),
      });
    }
  });

  it('a topic form with a bad endpoint is refused before the server is asked', async () => {
    const res = await call('POST', '/api/v1/topics', { name: 'bad name', pushEndpoint: 'ftp://x' });
    expect(res.status).toBe(400);
  });
});
