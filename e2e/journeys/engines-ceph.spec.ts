// SPDX-License-Identifier: Apache-2.0
import { expect } from '@playwright/test';
import { cephTest as test } from '../support/engines/fixtures.js';
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
import { snap } from '../support/screenshots.js';

// Issue 24: the console on Ceph RGW. The test setup starts a single-node Ceph cluster (Debian's packages) on
// free ports once for this file, and a console with CONSOLE_MINIO_SERVER pointing at its gateway. RGW has
// no MinIO admin API and an STS that needs roles: the console signs with the user's own keys.

const bucket = 'e2e-ceph';
const shot = 'engines-ceph';
const album = setUpEngineJourney(test);

test("Ceph RGW answers S3 with its user's keys, and a console runs in front of it", async ({ engine }) => {
  await s3RoundTrip(engine, 'e2e-ceph-smoke');
});

test("signs in with the RGW user's keys and creates a versioned bucket", async ({ engine, page }) => {
  await createBucket(page, bucket, shot, true);
  expect((await engine.s3.getBucketVersioning(bucket)).Status).toBe('Enabled');
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

test('tags an object and, after an overwrite, shows both versions', async ({ engine, page }) => {
  await tagObject(page, engine, bucket, 'album/notes.txt', shot);
  await engine.s3.putObject(bucket, 'album/notes.txt', Buffer.from('Release notes, second edition\n'));
  await page.reload();
  await page.getByRole('tab', { name: 'Versions' }).click();
  const versions = page.getByRole('table', { name: 'Versions' });
  await expect(versions.getByRole('row')).toHaveCount(3); // header + two versions
  for await (const v of engine.s3.listObjects(bucket, 'album/notes.txt', true, { IncludeVersion: true }))
    await expect(versions).toContainText(String(v.versionId));
  await snap(page, `${shot}-versions`);
});

test('deletes an object, keeping its versions behind a delete marker', async ({ engine, page }) => {
  await deleteNotes(page, engine, bucket);
  const kept = [];
  for await (const v of engine.s3.listObjects(bucket, 'album/notes.txt', true, { IncludeVersion: true }))
    kept.push(v);
  expect(kept.length).toBe(3); // two versions and the delete marker
});

test('identity and settings screens explain why they are absent', async ({ page }) => {
  await absentAdminScreens(page, shot);
});
