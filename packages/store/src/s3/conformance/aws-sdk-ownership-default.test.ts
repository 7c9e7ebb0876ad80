// SPDX-License-Identifier: Apache-2.0
import {
  CreateBucketCommand,
  GetBucketOwnershipControlsCommand,
  GetObjectCommand,
  ListBucketsCommand,
  ListObjectsV2Command,
  type ObjectCannedACL,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonStatus, sdkError } from './aws-sdk.js';
import { boto3Report } from './boto3.js';
import { startTestStore, type TestStore } from './harness.js';
import { addTwoUsers, USERS } from './two-users.js';

// Issue 37: the Object Ownership of new buckets is a server setting (`api object_ownership`, here its
// environment variable), and with ACLs enabled the canned ACLs and x-amz-grant-* decide as on AWS.
let t: TestStore;
let alice: S3Client;
let bob: S3Client;

function sdkAs(accessKeyId: string, secretAccessKey: string): S3Client {
  return new S3Client({
    endpoint: t.store.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
}

async function canRead(c: S3Client, Bucket: string, Key: string): Promise<boolean> {
  try {
    await (await c.send(new GetObjectCommand({ Bucket, Key }))).Body?.transformToString();
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  t = await startTestStore(4, { env: { MINIO_API_OBJECT_OWNERSHIP: 'ObjectWriter' } });
  await addTwoUsers(t);
  alice = sdkAs('alice', USERS.alice);
  bob = sdkAs('bob', USERS.bob);
}, 60_000);
afterAll(async () => {
  for (const c of [alice, bob]) c?.destroy();
  await t?.stop();
});

describe('default Object Ownership', () => {
  it('creates buckets with the configured default unless x-amz-object-ownership says otherwise', async () => {
    await alice.send(new CreateBucketCommand({ Bucket: 'alice-default' }));
    await alice.send(
      new CreateBucketCommand({ Bucket: 'alice-enforced', ObjectOwnership: 'BucketOwnerEnforced' }),
    );
    const rule = async (Bucket: string) =>
      (await alice.send(new GetBucketOwnershipControlsCommand({ Bucket }))).OwnershipControls?.Rules?.[0]
        ?.ObjectOwnership;
    expect(await rule('alice-default')).toBe('ObjectWriter');
    expect(await rule('alice-enforced')).toBe('BucketOwnerEnforced');
    expect(
      await sdkError(
        alice.send(
          new PutObjectCommand({ Bucket: 'alice-enforced', Key: 'x', Body: 'x', ACL: 'public-read' }),
        ),
      ),
    ).toEqual({ name: 'AccessControlListNotSupported', status: 400 });
  });
});

describe('canned ACLs with ACLs enabled', () => {
  it('decides object reads for the owner, another user and anonymous as AWS does', async () => {
    const B = 'alice-default';
    const matrix: [ObjectCannedACL, boolean, boolean][] = [
      // [acl, another user reads, anonymous reads]
      ['private', false, false],
      ['public-read', true, true],
      ['public-read-write', true, true],
      ['authenticated-read', true, false],
      ['bucket-owner-read', false, false],
      ['bucket-owner-full-control', false, false],
    ];
    for (const [ACL, other, anonymous] of matrix) {
      await alice.send(new PutObjectCommand({ Bucket: B, Key: ACL, Body: ACL, ACL }));
      expect([ACL, await canRead(alice, B, ACL)]).toEqual([ACL, true]);
      expect([ACL, await canRead(bob, B, ACL)]).toEqual([ACL, other]);
      expect([ACL, (await anonStatus(`${t.store.url}/${B}/${ACL}`)) === 200]).toEqual([ACL, anonymous]);
    }
  });

  it('decides bucket listing and writing by the bucket’s canned ACL', async () => {
    await alice.send(new CreateBucketCommand({ Bucket: 'alice-auth', ACL: 'authenticated-read' }));
    await alice.send(new CreateBucketCommand({ Bucket: 'alice-open', ACL: 'public-read-write' }));
    await alice.send(new CreateBucketCommand({ Bucket: 'alice-private', ACL: 'private' }));
    expect((await bob.send(new ListObjectsV2Command({ Bucket: 'alice-auth' }))).KeyCount).toBe(0);
    expect(await anonStatus(`${t.store.url}/alice-auth?list-type=2`)).toBe(403);
    expect(await anonStatus(`${t.store.url}/alice-open?list-type=2`)).toBe(200);
    expect(await anonStatus(`${t.store.url}/alice-open/anon.txt`, { method: 'PUT', body: 'a' })).toBe(200);
    expect(await sdkError(bob.send(new ListObjectsV2Command({ Bucket: 'alice-private' })))).toEqual({
      name: 'AccessDenied',
      status: 403,
    });
    // Another user writes into the open bucket (alice's own policy lets her read anything in it, as
    // one account's IAM does on AWS); its object ACL keeps anonymous readers out.
    await bob.send(
      new PutObjectCommand({ Bucket: 'alice-open', Key: 'bob-private', Body: 'b', ACL: 'private' }),
    );
    expect(await canRead(alice, 'alice-open', 'bob-private')).toBe(true);
    expect(await anonStatus(`${t.store.url}/alice-open/bob-private`)).toBe(403);
  });

  it('grants by x-amz-grant-read to a canonical user id', async () => {
    const bobId = (await bob.send(new ListBucketsCommand({}))).Owner?.ID;
    await alice.send(
      new PutObjectCommand({
        Bucket: 'alice-default',
        Key: 'granted',
        Body: 'g',
        GrantRead: `id="${bobId}"`,
      }),
    );
    expect(await canRead(bob, 'alice-default', 'granted')).toBe(true);
    expect(await anonStatus(`${t.store.url}/alice-default/granted`)).toBe(403);
  });
});

describe('boto3', () => {
  it('meets the same default and canned ACLs', async () => {
    const seen = await boto3Report('boto3_ownership', [t.store.url, USERS.alice, USERS.bob]);
    expect(seen.ownership).toBe('ObjectWriter');
    expect(seen.reads).toEqual({
      private: [false, false],
      'public-read': [true, true],
      'authenticated-read': [true, false],
    });
  });
});
