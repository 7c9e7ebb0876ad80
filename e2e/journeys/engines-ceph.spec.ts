import { expect } from '@playwright/test';
import { cephTest as test } from '../support/engines/fixtures.js';

// Issue 24: the console on Ceph RGW. The test setup starts a single-node Ceph cluster (Debian's packages) on
// free ports once for this file, and a console with CONSOLE_MINIO_SERVER pointing at its gateway.

test.describe.configure({ mode: 'serial' });

test("Ceph RGW answers S3 with its user's keys, and a console runs in front of it", async ({
  engine,
  page,
}) => {
  const bucket = 'e2e-ceph-smoke';
  await engine.s3.makeBucket(bucket);
  await engine.s3.putObject(bucket, 'hello.txt', Buffer.from('hello from Ceph'));
  const stream = await engine.s3.getObject(bucket, 'hello.txt');
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe('hello from Ceph');
  expect((await engine.s3.listBuckets()).map((b) => b.name)).toContain(bucket);
  await engine.s3.removeObject(bucket, 'hello.txt');
  await engine.s3.removeBucket(bucket);

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});
