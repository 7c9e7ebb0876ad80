import { expect } from '@playwright/test';
import { s3rverTest as test } from '../support/engines/fixtures.js';

// Issue 24: the console on s3rver, a minimal S3 server (no versioning, no STS, no admin API). The test setup
// starts it on a free port with a temp folder, and a console with CONSOLE_MINIO_SERVER pointing at it.

test.describe.configure({ mode: 'serial' });

test('s3rver answers S3, and a console runs in front of it', async ({ engine, page }) => {
  const bucket = 'e2e-s3rver-smoke';
  await engine.s3.makeBucket(bucket);
  await engine.s3.putObject(bucket, 'hello.txt', Buffer.from('hello from s3rver'));
  const stream = await engine.s3.getObject(bucket, 'hello.txt');
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe('hello from s3rver');
  await engine.s3.removeObject(bucket, 'hello.txt');
  await engine.s3.removeBucket(bucket);

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});
