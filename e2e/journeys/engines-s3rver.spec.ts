// SPDX-License-Identifier: Apache-2.0
import { s3rverTest as test } from '../support/engines/fixtures.js';
import {
  absentAdminScreens,
  createBucket,
  deleteNotes,
  s3RoundTrip,
  setUpEngineJourney,
  tagObject,
  uploadBrowsePreview,
  zipAndShare,
} from '../support/engines/journey.js';

// Issue 24: the console on s3rver, a minimal S3 server (no versioning, no STS, no admin API). The test setup
// starts it on a free port with a temp folder, and a console with CONSOLE_MINIO_SERVER pointing at it.

const bucket = 'e2e-s3rver';
const shot = 'engines-s3rver';
const album = setUpEngineJourney(test);

test.beforeAll(async ({ engine }) => {
  // A server that already holds a bucket: sign-in probes the bucket features on it.
  await engine.s3.makeBucket('e2e-s3rver-existing');
});

test('s3rver answers S3, and a console runs in front of it', async ({ engine }) => {
  await s3RoundTrip(engine, 'e2e-s3rver-smoke');
});

test("signs in with s3rver's keys and creates a bucket, with no versioning offered", async ({ page }) => {
  await createBucket(page, bucket, shot, false);
});

test('uploads a folder, browses it and previews a text file', async ({ engine, page }) => {
  await uploadBrowsePreview(page, engine, bucket, album(), shot);
});

test('downloads the folder as a zip and shares a link that opens without a session', async ({
  engine,
  page,
  browser,
}) => {
  await zipAndShare(page, browser, engine, bucket, album(), shot);
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
