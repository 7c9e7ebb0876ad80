// SPDX-License-Identifier: Apache-2.0
import {
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutBucketPolicyCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkError } from './aws-sdk.js';
import { boto3Report } from './boto3.js';
import { startTestStore, type TestStore } from './harness.js';
import { addTwoUsers, USERS } from './two-users.js';

// Issue 37: a bucket policy grants and denies for signed users too (Principal "*", the user's ARN or
// access key), combined with the user's own policies — an explicit Deny anywhere wins, an Allow in
// either grants — as the AWS SDK v3 and Debian's boto3 meet it.
let t: TestStore;
let alice: S3Client;
let bob: S3Client;
const B = 'alice-shared';
const BOB = 'arn:aws:iam:::user/bob';
const ALICE = 'arn:aws:iam::123456789012:user/alice';

function sdkAs(accessKeyId: string, secretAccessKey: string): S3Client {
  return new S3Client({
    endpoint: t.store.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
}

async function setPolicy(Bucket: string, Statement: object[]): Promise<void> {
  await alice.send(
    new PutBucketPolicyCommand({ Bucket, Policy: JSON.stringify({ Version: '2012-10-17', Statement }) }),
  );
}

const stmt = (
  Effect: 'Allow' | 'Deny',
  principal: string | { NotPrincipal: string },
  Action: string[],
  Resource: string[],
  Condition?: object,
) => ({
  Effect,
  ...(typeof principal === 'string' ? { Principal: principal === '*' ? '*' : { AWS: [principal] } } : {}),
  ...(typeof principal === 'object' ? { NotPrincipal: { AWS: [principal.NotPrincipal] } } : {}),
  Action,
  Resource,
  ...(Condition ? { Condition } : {}),
});

beforeAll(async () => {
  t = await startTestStore();
  await addTwoUsers(t);
  alice = sdkAs('alice', USERS.alice);
  bob = sdkAs('bob', USERS.bob);
  await alice.send(new CreateBucketCommand({ Bucket: B, ObjectOwnership: 'ObjectWriter' }));
  for (const Key of ['pub/a.txt', 'private/b.txt', 'src/c.txt'])
    await alice.send(new PutObjectCommand({ Bucket: B, Key, Body: Key }));
}, 60_000);
afterAll(async () => {
  for (const c of [alice, bob]) c?.destroy();
  await t?.stop();
});

describe('bucket policies for signed users', () => {
  it('grants a user named by ARN what its own policies do not', async () => {
    expect(await sdkError(bob.send(new GetObjectCommand({ Bucket: B, Key: 'pub/a.txt' })))).toEqual({
      name: 'AccessDenied',
      status: 403,
    });
    await setPolicy(B, [stmt('Allow', BOB, ['s3:GetObject'], [`arn:aws:s3:::${B}/pub/*`])]);
    const got = await bob.send(new GetObjectCommand({ Bucket: B, Key: 'pub/a.txt' }));
    expect(await got.Body?.transformToString()).toBe('pub/a.txt');
    // Only what the statement names.
    expect(await sdkError(bob.send(new GetObjectCommand({ Bucket: B, Key: 'private/b.txt' })))).toEqual({
      name: 'AccessDenied',
      status: 403,
    });
    expect(
      await sdkError(bob.send(new PutObjectCommand({ Bucket: B, Key: 'pub/new.txt', Body: 'x' }))),
    ).toEqual({ name: 'AccessDenied', status: 403 });
  });

  it('grants signed users through Principal "*"', async () => {
    await setPolicy(B, [stmt('Allow', '*', ['s3:ListBucket'], [`arn:aws:s3:::${B}`])]);
    const listed = await bob.send(new ListObjectsV2Command({ Bucket: B }));
    expect(listed.Contents?.map((c) => c.Key)).toEqual(['private/b.txt', 'pub/a.txt', 'src/c.txt']);
  });

  it('lets an explicit Deny in the bucket policy win over the owner’s own Allow', async () => {
    await setPolicy(B, [stmt('Deny', ALICE, ['s3:DeleteObject'], [`arn:aws:s3:::${B}/private/*`])]);
    expect(await sdkError(alice.send(new DeleteObjectCommand({ Bucket: B, Key: 'private/b.txt' })))).toEqual({
      name: 'AccessDenied',
      status: 403,
    });
    await alice.send(new GetObjectCommand({ Bucket: B, Key: 'private/b.txt' }));
  });

  it('lets an explicit Deny in the user’s policy win over a bucket policy Allow', async () => {
    // bob's own tag-reader policy denies objects of alice-tagged tagged secret=yes.
    await alice.send(new CreateBucketCommand({ Bucket: 'alice-tagged' }));
    await alice.send(
      new PutObjectCommand({ Bucket: 'alice-tagged', Key: 'secret.txt', Body: 's', Tagging: 'secret=yes' }),
    );
    await alice.send(new PutObjectCommand({ Bucket: 'alice-tagged', Key: 'plain.txt', Body: 'p' }));
    await setPolicy('alice-tagged', [stmt('Allow', BOB, ['s3:GetObject'], ['arn:aws:s3:::alice-tagged/*'])]);
    await bob.send(new GetObjectCommand({ Bucket: 'alice-tagged', Key: 'plain.txt' }));
    expect(
      await sdkError(bob.send(new GetObjectCommand({ Bucket: 'alice-tagged', Key: 'secret.txt' }))),
    ).toEqual({ name: 'AccessDenied', status: 403 });
  });

  it('applies NotPrincipal: a Deny to everyone but the named user', async () => {
    await setPolicy(B, [
      stmt('Allow', '*', ['s3:GetObject'], [`arn:aws:s3:::${B}/*`]),
      stmt(
        'Deny',
        { NotPrincipal: 'arn:aws:iam:::user/alice' },
        ['s3:GetObject'],
        [`arn:aws:s3:::${B}/private/*`],
      ),
    ]);
    await bob.send(new GetObjectCommand({ Bucket: B, Key: 'pub/a.txt' }));
    await alice.send(new GetObjectCommand({ Bucket: B, Key: 'private/b.txt' }));
    expect(await sdkError(bob.send(new GetObjectCommand({ Bucket: B, Key: 'private/b.txt' })))).toEqual({
      name: 'AccessDenied',
      status: 403,
    });
    const anonymous = await fetch(`${t.store.url}/${B}/private/b.txt`);
    await anonymous.arrayBuffer();
    expect(anonymous.status).toBe(403);
  });

  it('evaluates s3:x-amz-acl, s3:x-amz-copy-source and s3:x-amz-metadata-directive for signed writes', async () => {
    await setPolicy(B, [
      stmt('Allow', BOB, ['s3:PutObject'], [`arn:aws:s3:::${B}/bob/*`], {
        StringEquals: { 's3:x-amz-acl': 'bucket-owner-full-control' },
      }),
      stmt('Allow', BOB, ['s3:GetObject'], [`arn:aws:s3:::${B}/src/*`]),
      stmt('Allow', BOB, ['s3:PutObject'], [`arn:aws:s3:::${B}/copies/*`], {
        StringLike: { 's3:x-amz-copy-source': `${B}/src/*` },
        StringEquals: { 's3:x-amz-metadata-directive': 'COPY' },
      }),
    ]);
    await bob.send(
      new PutObjectCommand({ Bucket: B, Key: 'bob/ok.txt', Body: 'x', ACL: 'bucket-owner-full-control' }),
    );
    expect(
      await sdkError(bob.send(new PutObjectCommand({ Bucket: B, Key: 'bob/no-acl.txt', Body: 'x' }))),
    ).toEqual({ name: 'AccessDenied', status: 403 });
    await bob.send(
      new CopyObjectCommand({
        Bucket: B,
        Key: 'copies/c.txt',
        CopySource: `${B}/src/c.txt`,
        MetadataDirective: 'COPY',
      }),
    );
    expect(
      await sdkError(
        bob.send(
          new CopyObjectCommand({
            Bucket: B,
            Key: 'copies/c2.txt',
            CopySource: `${B}/src/c.txt`,
            MetadataDirective: 'REPLACE',
          }),
        ),
      ),
    ).toEqual({ name: 'AccessDenied', status: 403 });
    // Multipart uploads are s3:PutObject too.
    expect(
      await sdkError(bob.send(new CreateMultipartUploadCommand({ Bucket: B, Key: 'bob/mp.bin' }))),
    ).toEqual({ name: 'AccessDenied', status: 403 });
    const up = await bob.send(
      new CreateMultipartUploadCommand({ Bucket: B, Key: 'bob/mp.bin', ACL: 'bucket-owner-full-control' }),
    );
    expect(up.UploadId).toBeTruthy();
  });

  it('answers HEAD of a missing key 404 only to a caller who may list the bucket', async () => {
    await setPolicy(B, [stmt('Allow', BOB, ['s3:GetObject'], [`arn:aws:s3:::${B}/pub/*`])]);
    expect(await sdkError(bob.send(new HeadObjectCommand({ Bucket: B, Key: 'pub/missing' })))).toMatchObject({
      status: 403,
    });
    await setPolicy(B, [
      stmt('Allow', BOB, ['s3:GetObject'], [`arn:aws:s3:::${B}/pub/*`]),
      stmt('Allow', BOB, ['s3:ListBucket'], [`arn:aws:s3:::${B}`], { StringLike: { 's3:prefix': 'pub/*' } }),
    ]);
    expect(await sdkError(bob.send(new HeadObjectCommand({ Bucket: B, Key: 'pub/missing' })))).toMatchObject({
      status: 404,
    });
    expect(await sdkError(bob.send(new GetObjectCommand({ Bucket: B, Key: 'pub/missing' })))).toEqual({
      name: 'NoSuchKey',
      status: 404,
    });
  });
});

describe('boto3', () => {
  it('meets the same combined decisions', async () => {
    const seen = await boto3Report('boto3_bucket_policy_users', [t.store.url, USERS.alice, USERS.bob]);
    expect(seen.bob_before).toEqual(['AccessDenied', 403]);
    expect(seen.bob_after).toBe('shared');
    expect(seen.alice_denied_delete).toEqual(['AccessDenied', 403]);
    expect(seen.bob_put).toEqual(['AccessDenied', 403]);
  });
});
