import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { s3rverTest as test } from '../support/engines/fixtures.js';
import {
  absentAdminScreens,
  createBucket,
  deleteNotes,
  objectBytes,
  tagObject,
  uploadBrowsePreview,
  writeAlbum,
  zipAndShare,
} from '../support/engines/journey.js';
import { signIn } from '../support/login.js';

// Issue 24: the console on s3rver, a minimal S3 server (no versioning, no STS, no admin API). The test setup
// starts it on a free port with a temp folder, and a console with CONSOLE_MINIO_SERVER pointing at it.

test.describe.configure({ mode: 'serial' });

const bucket = 'e2e-s3rver';
const shot = 'engines-s3rver';
let work: string;
let album: Map<string, Buffer>;

test.beforeAll(async ({ engine }) => {
  work = await mkdtemp(path.join(os.tmpdir(), 'stowage-e2e-s3rver-'));
  album = await writeAlbum(work);
  // A server that already holds a bucket: sign-in probes the bucket features on it.
  await engine.s3.makeBucket('e2e-s3rver-existing');
});
test.afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});
test.beforeEach(async ({ engine, page }) => {
  await signIn(page, engine.accessKey, engine.secretKey);
});

test('s3rver answers S3, and a console runs in front of it', async ({ engine }) => {
  const smoke = 'e2e-s3rver-smoke';
  await engine.s3.makeBucket(smoke);
  await engine.s3.putObject(smoke, 'hello.txt', Buffer.from('hello from s3rver'));
  expect((await objectBytes(engine.s3, smoke, 'hello.txt')).toString()).toBe('hello from s3rver');
  await engine.s3.removeObject(smoke, 'hello.txt');
  await engine.s3.removeBucket(smoke);
});

test("signs in with s3rver's keys and creates a bucket, with no versioning offered", async ({ page }) => {
  await createBucket(page, bucket, shot, false);
});

test('uploads a folder, browses it and previews a text file', async ({ engine, page }) => {
  await uploadBrowsePreview(page, engine, bucket, work, album, shot);
});

test('downloads the folder as a zip and shares a link that opens without a session', async ({
  engine,
  page,
  browser,
}) => {
  await zipAndShare(page, browser, engine, bucket, album, shot);
});

test('tags an object', async ({ engine, page }) => {
  await tagObject(page, engine, bucket, 'album/notes.txt', shot);
});

test('deletes an object', async ({ engine, page }) => {
  await deleteNotes(page, engine, bucket);
});

test('identity and settings screens explain why they are absent', async ({ page }) => {
  await absentAdminScreens(page, shot);
});
