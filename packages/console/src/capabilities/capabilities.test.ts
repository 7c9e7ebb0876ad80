// SPDX-License-Identifier: Apache-2.0
import { pagePaths, type Session } from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../testing/console-harness.js';
import { type S3rverHarness, startS3rverHarness } from '../testing/s3rver-harness.js';

/** The session and page calls of a real console on the embedded store and on a real s3rver (issue 24). */
describe('capabilities on the embedded store', () => {
  let h: ConsoleHarness;
  beforeAll(async () => {
    h = await startConsoleHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  // The embedded store answers every probed sub-resource (lifecycle, replication and notification too).
  const storeCapabilities = [
    'admin',
    'sts',
    'versioning',
    'object-lock',
    'tagging',
    'lifecycle',
    'replication',
    'notifications',
    'encryption',
    'policy',
    'cors',
    'public-access-block',
    'ownership-controls',
  ];

  it('detects the same with or without a bucket to ask about, and keeps it for the session', async () => {
    const call = jsonCaller(h.app, await h.login());
    const before = (await call('GET', '/api/v1/session')).body as Session;
    expect(before.capabilities).toEqual(storeCapabilities);
    await h.s3.makeBucket('probed', 'us-east-1');
    const withBucket = (await jsonCaller(h.app, await h.login())('GET', '/api/v1/session')).body as Session;
    expect(withBucket.capabilities).toEqual(storeCapabilities);
    expect(withBucket.pages).toEqual(
      expect.arrayContaining([pagePaths.users, pagePaths.settings, pagePaths.watch, pagePaths.trace]),
    );
  });
});

describe('capabilities on s3rver (no admin API, no STS, no versioning)', () => {
  let h: S3rverHarness;
  let call: ReturnType<typeof jsonCaller>;
  beforeAll(async () => {
    h = await startS3rverHarness();
    // A user with a bucket: the probes ask about it (see the last test for a server with none).
    await h.s3.makeBucket('first', 'us-east-1');
    call = jsonCaller(h.app, await h.login());
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the session lists only the pages that work there', async () => {
    const res = await call('GET', '/api/v1/session');
    expect(res.status).toBe(200);
    const session = res.body as Session;
    // s3rver keeps CORS rules (and has no bucket policies: MethodNotAllowed).
    expect(session.capabilities).toEqual(['cors']);
    expect(session.pages).toEqual([
      pagePaths.dashboard,
      pagePaths.buckets,
      pagePaths.bucketPages,
      pagePaths.license,
    ]);
    expect(session.distributedMode).toBe(false);
  });

  it('a page call that needs the admin API answers 501 with the reason, naming the server', async () => {
    for (const url of ['/api/v1/users', '/api/v1/groups', '/api/v1/policies', '/api/v1/admin/info']) {
      const res = await call('GET', url);
      expect(res.status, url).toBe(501);
      const body = res.body as { errorMessage: string; detailedError: string };
      expect(body.errorMessage).toBe("This server does not provide MinIO's admin API");
      expect(body.detailedError).toContain(h.url);
    }
  });

  it('buckets are listed through S3, and a setting the server lacks answers 501 with the reason', async () => {
    const created = await call('POST', '/api/v1/buckets', { name: 'plain' });
    expect(created.status).toBeLessThan(300);
    const listed = await call('GET', '/api/v1/buckets');
    expect(listed.status).toBe(200);
    expect((listed.body as { buckets: { name: string }[] }).buckets.map((b) => b.name)).toEqual([
      'first',
      'plain',
    ]);
    // Bucket basics: s3rver has no bucket policies (MethodNotAllowed) and no usage: a private bucket.
    const info = await call('GET', '/api/v1/buckets/plain');
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ name: 'plain', access: 'PRIVATE', definition: '' });
    const versioning = await call('GET', '/api/v1/buckets/plain/versioning');
    expect(versioning.status).toBe(501);
    expect(versioning.body).toEqual({
      errorMessage: 'This server does not provide bucket versioning',
      detailedError: expect.stringContaining(`${h.url} did not offer bucket versioning`),
    });
  });

  it('without any bucket, the features are guessed at sign-in and probed again once a bucket exists', async () => {
    // s3rver checks that the bucket exists before it looks at the sub-resource, so a random name cannot
    // tell: sign-in offers the features (as Ceph RGW needs for a new user) and marks them guessed.
    for (const bucket of ['first', 'plain']) await h.s3.removeBucket(bucket);
    const token = await h.login();
    const guessed = await h.app.inject({ url: '/api/v1/session', cookies: { token } });
    expect((guessed.json() as Session).capabilities).toEqual([
      'versioning',
      'object-lock',
      'tagging',
      'lifecycle',
      'notifications',
      'encryption',
      'policy',
      'cors',
      'public-access-block',
      'ownership-controls',
    ]);
    expect(guessed.cookies.find((c) => c.name === 'token')).toBeUndefined();
    await h.s3.makeBucket('later', 'us-east-1');
    const probed = await h.app.inject({ url: '/api/v1/session', cookies: { token } });
    expect((probed.json() as Session).capabilities).toEqual(['cors']);
    const resealed = probed.cookies.find((c) => c.name === 'token')?.value ?? '';
    const versioning = await jsonCaller(h.app, resealed)('GET', '/api/v1/buckets/later/versioning');
    expect(versioning.status).toBe(501);
  });
});
