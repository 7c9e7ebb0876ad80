// SPDX-License-Identifier: Apache-2.0
import { text } from 'node:stream/consumers';
import {
  type BucketOwnershipControls,
  type BucketPublicAccessBlock,
  bucketOwnershipControlsSchema,
  bucketPublicAccessBlockSchema,
} from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../../testing/console-harness.js';
import { type S3rverHarness, startS3rverHarness } from '../../testing/s3rver-harness.js';

/**
 * Issue 36: a bucket's public access block and Object Ownership through the console, against the embedded
 * store (which enforces them) and s3rver (which has neither: 501 with the reason).
 */
describe('bucket access controls on the embedded store', () => {
  let h: ConsoleHarness;
  let call: ReturnType<typeof jsonCaller>;
  const bucket = 'guarded';
  const pabUrl = `/api/v1/buckets/${bucket}/public-access-block`;
  const ownershipUrl = `/api/v1/buckets/${bucket}/ownership-controls`;
  const allOff = {
    blockPublicAcls: false,
    ignorePublicAcls: false,
    blockPublicPolicy: false,
    restrictPublicBuckets: false,
  };

  /** The store's own answer to GET ?sub-resource, as any S3 client reads it. */
  async function storeXml(query: string): Promise<string> {
    return text(await h.s3.makeRequestAsync({ method: 'GET', bucketName: bucket, query }, '', [200]));
  }

  /** What an anonymous client gets for an object of the bucket. */
  async function anonymousGet(key: string): Promise<number> {
    const res = await fetch(`${h.store.url}/${bucket}/${key}`);
    await res.arrayBuffer();
    return res.status;
  }

  beforeAll(async () => {
    h = await startConsoleHarness();
    await h.s3.makeBucket(bucket, 'us-east-1');
    await h.s3.putObject(bucket, 'page.html', Buffer.from('<p>hello</p>'));
    call = jsonCaller(h.app, await h.login());
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a bucket without a block reads as not configured, every switch off', async () => {
    const res = await call('GET', pabUrl);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ configured: false, ...allOff });
  });

  it('Block public policy makes the store refuse a public policy with its reason; removing it lets it save', async () => {
    const put = await call('PUT', pabUrl, { ...allOff, blockPublicPolicy: true });
    expect(put.status).toBe(200);
    expect(bucketPublicAccessBlockSchema.parse(put.body)).toEqual<BucketPublicAccessBlock>({
      configured: true,
      ...allOff,
      blockPublicPolicy: true,
    });
    expect(await storeXml('publicAccessBlock')).toContain('<BlockPublicPolicy>true</BlockPublicPolicy>');

    const refused = await call('PUT', `/api/v1/buckets/${bucket}/set-policy`, { access: 'PUBLIC' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      errorMessage: 'Access Denied',
      detailedError: expect.stringContaining('blocks public policies'),
    });
    expect((await call('GET', `/api/v1/buckets/${bucket}`)).body).toMatchObject({ access: 'PRIVATE' });

    const removed = await call('DELETE', pabUrl);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ configured: false, ...allOff });
    const saved = await call('PUT', `/api/v1/buckets/${bucket}/set-policy`, { access: 'PUBLIC' });
    expect(saved.status).toBe(200);
    expect(await anonymousGet('page.html')).toBe(200);
  });

  it('Restrict public buckets keeps anonymous clients out even under a public policy', async () => {
    const put = await call('PUT', pabUrl, { ...allOff, restrictPublicBuckets: true });
    expect(put.body).toEqual({ configured: true, ...allOff, restrictPublicBuckets: true });
    expect(await anonymousGet('page.html')).toBe(403);
    await call('DELETE', pabUrl);
    expect(await anonymousGet('page.html')).toBe(200);
  });

  it('refuses a block without every switch, naming the missing one, before the store is asked', async () => {
    const res = await call('PUT', pabUrl, { blockPublicAcls: true, ignorePublicAcls: true });
    expect(res.status).toBe(400);
    expect((res.body as { detailedError: string }).detailedError).toContain('blockPublicPolicy');
    expect((await call('GET', pabUrl)).body).toMatchObject({ configured: false });
  });

  it('Object Ownership: the store default reads back, a new choice is stored, DELETE leaves none', async () => {
    expect((await call('GET', ownershipUrl)).body).toEqual({
      configured: true,
      objectOwnership: 'BucketOwnerEnforced',
    });
    const put = await call('PUT', ownershipUrl, { objectOwnership: 'ObjectWriter' });
    expect(put.status).toBe(200);
    expect(bucketOwnershipControlsSchema.parse(put.body)).toEqual<BucketOwnershipControls>({
      configured: true,
      objectOwnership: 'ObjectWriter',
    });
    expect(await storeXml('ownershipControls')).toContain('<ObjectOwnership>ObjectWriter</ObjectOwnership>');

    const removed = await call('DELETE', ownershipUrl);
    expect(removed.body).toEqual({ configured: false, objectOwnership: null });
    expect((await call('GET', ownershipUrl)).body).toEqual({ configured: false, objectOwnership: null });
  });

  it('refuses an unknown ownership and names a missing bucket', async () => {
    const bad = await call('PUT', ownershipUrl, { objectOwnership: 'Everyone' });
    expect(bad.status).toBe(400);
    expect((bad.body as { detailedError: string }).detailedError).toContain('objectOwnership');
    const missing = await call('GET', '/api/v1/buckets/no-such-bucket/ownership-controls');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ errorMessage: 'The specified bucket does not exist' });
  });
});

describe('bucket access controls on s3rver', () => {
  let h: S3rverHarness;
  beforeAll(async () => {
    h = await startS3rverHarness();
    await h.s3.makeBucket('plain', 'us-east-1');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers 501 with the reason: the probe found neither setting', async () => {
    const call = jsonCaller(h.app, await h.login());
    for (const [url, name] of [
      ['/api/v1/buckets/plain/public-access-block', 'public access blocks'],
      ['/api/v1/buckets/plain/ownership-controls', 'object ownership controls'],
    ] as const) {
      const res = await call('GET', url);
      expect(res.status, url).toBe(501);
      expect(res.body).toEqual({
        errorMessage: `This server does not provide ${name}`,
        detailedError: expect.stringContaining(`${h.url} did not offer ${name}`),
      });
    }
  });
});

describe('bucket tags on the embedded store', () => {
  let h: ConsoleHarness;
  let call: ReturnType<typeof jsonCaller>;
  beforeAll(async () => {
    h = await startConsoleHarness();
    await h.s3.makeBucket('tagged', 'us-east-1');
    call = jsonCaller(h.app, await h.login());
  });
  afterAll(async () => {
    await h?.close();
  });

  it('reads none, replaces the set as S3 then holds it, and an empty set removes it', async () => {
    expect((await call('GET', '/api/v1/buckets/tagged/tags')).body).toEqual({ tags: {} });
    const put = await call('PUT', '/api/v1/buckets/tagged/tags', { tags: { team: 'data', cost: 'lab 7' } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ tags: { team: 'data', cost: 'lab 7' } });
    const held = await h.s3.getBucketTagging('tagged');
    expect(Object.fromEntries(held.map((t) => [t.Key, t.Value]))).toEqual({ team: 'data', cost: 'lab 7' });
    expect((await call('PUT', '/api/v1/buckets/tagged/tags', { tags: {} })).body).toEqual({ tags: {} });
    await expect(h.s3.getBucketTagging('tagged')).rejects.toMatchObject({ code: 'NoSuchTagSet' });
  });

  it('refuses more than 50 tags with the reason', async () => {
    const tags = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    const res = await call('PUT', '/api/v1/buckets/tagged/tags', { tags });
    expect(res.status).toBe(400);
    expect((res.body as { detailedError: string }).detailedError).toContain(
      'A bucket can have at most 50 tags',
    );
  });
});
