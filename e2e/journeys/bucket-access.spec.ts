// SPDX-License-Identifier: Apache-2.0
import {
  CreateBucketCommand,
  GetBucketOwnershipControlsCommand,
  GetBucketTaggingCommand,
  GetPublicAccessBlockCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { expect, type Page, test } from '@playwright/test';
import { rootS3 } from '../support/clients.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { snapBoth } from '../support/screenshots.js';

// Issue 36: a bucket's access controls on the embedded store. Block public policy set in the console
// makes the store refuse the console's Public access policy, with the store's reason on screen; removed,
// the policy saves. Object Ownership chosen and a bucket tag added in the console read back with the AWS SDK.

const bucket = 'e2e-access';

const sdk = new S3Client({
  endpoint: E2E.s3Endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: E2E.rootUser, secretAccessKey: E2E.rootPassword },
});

/** Change Access Policy → Public, then Set; answers the still-open or closed dialog. */
async function setPublic(page: Page) {
  await page.getByRole('button', { name: 'Change Access Policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Access Policy' });
  await dialog.getByRole('combobox', { name: 'Access Policy' }).click();
  await page.getByRole('option', { name: 'Public' }).click();
  await dialog.getByRole('button', { name: 'Set' }).click();
  return dialog;
}

// The journeys share one store and buckets.spec.ts (next in order) starts from an empty one.
test.afterAll(async () => {
  const s3 = rootS3();
  if (!(await s3.bucketExists(bucket))) return;
  const names: string[] = [];
  for await (const o of s3.listObjectsV2(bucket, '', true)) if (o.name) names.push(o.name);
  if (names.length > 0) await s3.removeObjects(bucket, names);
  await s3.removeBucket(bucket);
});

test('block public policy refuses a public policy until removed; ownership reads back with the SDK', async ({
  page,
}) => {
  // Made by a plain S3 client with ACLs enabled (ObjectWriter), holding one page.
  await sdk.send(new CreateBucketCommand({ Bucket: bucket, ObjectOwnership: 'ObjectWriter' }));
  await rootS3().putObject(bucket, 'index.html', Buffer.from('<p>hello</p>'));
  await signIn(page, E2E.rootUser, E2E.rootPassword);
  await page.goto(`/buckets/${bucket}/admin/summary`);

  const controls = page.getByRole('region', { name: 'Access controls' });
  await expect(controls.getByLabel('Public Access Block value')).toHaveText('Not set');
  await expect(controls.getByLabel('Object Ownership value')).toHaveText('Object writer');

  // Block public policy, through the Edit dialog's switches.
  await page.getByRole('button', { name: 'Edit Public Access Block' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Public Access Block' });
  await edit.getByLabel('Block public policy').check();
  await expect(edit.getByLabel('Block public ACLs')).not.toBeChecked();
  await snapBoth(page, 'bucket-access-block-dialog');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(controls.getByLabel('Public Access Block value')).toHaveText('1 of 4 on');
  await expect(controls.getByRole('listitem', { name: 'Block public policy: on' })).toBeVisible();
  await expect(controls.getByRole('listitem', { name: 'Block public ACLs: off' })).toBeVisible();
  const pab = await sdk.send(new GetPublicAccessBlockCommand({ Bucket: bucket }));
  expect(pab.PublicAccessBlockConfiguration).toEqual({
    BlockPublicAcls: false,
    IgnorePublicAcls: false,
    BlockPublicPolicy: true,
    RestrictPublicBuckets: false,
  });
  await snapBoth(page, 'bucket-access-summary');

  // The store refuses the public policy; its reason is shown and the dialog stays open.
  const refused = await setPublic(page);
  await expect(
    page.getByText('the bucket blocks public policies (PublicAccessBlock BlockPublicPolicy)'),
  ).toBeVisible();
  await expect(refused).toBeVisible();
  await snapBoth(page, 'bucket-access-policy-refused');
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Access Policy value')).toHaveText('Private');
  expect((await fetch(`${E2E.s3Endpoint}/${bucket}/index.html`)).status).toBe(403);

  // Remove the block: the public policy saves and anonymous clients read the page.
  await page.getByRole('button', { name: 'Remove Public Access Block' }).click();
  await page
    .getByRole('dialog', { name: 'Remove Public Access Block' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(controls.getByLabel('Public Access Block value')).toHaveText('Not set');
  await expect(sdk.send(new GetPublicAccessBlockCommand({ Bucket: bucket }))).rejects.toMatchObject({
    name: 'NoSuchPublicAccessBlockConfiguration',
  });
  const saved = await setPublic(page);
  await expect(saved).toBeHidden();
  await expect(page.getByLabel('Access Policy value')).toHaveText('Public');
  expect((await fetch(`${E2E.s3Endpoint}/${bucket}/index.html`)).status).toBe(200);

  // Object Ownership: Bucket owner enforced, chosen among the three, read back with the SDK.
  await page.getByRole('button', { name: 'Edit Object Ownership' }).click();
  const ownership = page.getByRole('dialog', { name: 'Edit Object Ownership' });
  await expect(ownership.getByRole('radio', { name: 'Object writer (ACLs enabled)' })).toBeChecked();
  await ownership.getByRole('radio', { name: 'Bucket owner enforced (ACLs disabled)' }).check();
  await snapBoth(page, 'bucket-access-ownership-dialog');
  await ownership.getByRole('button', { name: 'Save' }).click();
  await expect(ownership).toBeHidden();
  await expect(controls.getByLabel('Object Ownership value')).toHaveText('Bucket owner enforced');
  const read = await sdk.send(new GetBucketOwnershipControlsCommand({ Bucket: bucket }));
  expect(read.OwnershipControls?.Rules).toEqual([{ ObjectOwnership: 'BucketOwnerEnforced' }]);

  // A bucket tag added in the summary's Tags card, read back with the SDK.
  const tagsCard = page.getByRole('region', { name: 'Tags' });
  await tagsCard.getByRole('button', { name: 'Add tag' }).click();
  const addTag = page.getByRole('dialog', { name: 'Add Tag' });
  await addTag.getByLabel('Tag Key').fill('owner');
  await addTag.getByLabel('Tag Value').fill('web team');
  await addTag.getByRole('button', { name: 'Save' }).click();
  await expect(addTag).toBeHidden();
  await expect(tagsCard.getByLabel('Tags value')).toHaveText('1 tag');
  const tagging = await sdk.send(new GetBucketTaggingCommand({ Bucket: bucket }));
  expect(tagging.TagSet).toEqual([{ Key: 'owner', Value: 'web team' }]);
  await snapBoth(page, 'bucket-access-summary-after');
});
