// SPDX-License-Identifier: Apache-2.0
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetBucketAclCommand,
  GetObjectAclCommand,
  GetObjectAttributesCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutObjectAclCommand,
  PutObjectCommand,
  PutPublicAccessBlockCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { MadminClient } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonStatus, rootSdk, sdkError } from './aws-sdk.js';
import { ROOT_PASSWORD, ROOT_USER, startTestStore, type TestStore } from './harness.js';
import { addTwoUsers, USERS } from './two-users.js';

// Per-user canonical owners, object ACLs in access decisions, s3:ExistingObjectTag in a user's own
// policy and the default CRC64NVME checksum, as the AWS SDK v3 (and an anonymous browser) meet them.
let t: TestStore;
let root: S3Client;
let alice: S3Client;
let bob: S3Client;
let admin: MadminClient;

function sdkAs(accessKeyId: string, secretAccessKey: string): S3Client {
  return new S3Client({
    endpoint: t.store.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
}

beforeAll(async () => {
  t = await startTestStore();
  root = rootSdk(t);
  admin = await addTwoUsers(t);
  alice = sdkAs('alice', USERS.alice);
  bob = sdkAs('bob', USERS.bob);
  await alice.send(new CreateBucketCommand({ Bucket: 'alice-acl', ObjectOwnership: 'ObjectWriter' }));
}, 60_000);
afterAll(async () => {
  for (const c of [root, alice, bob]) c?.destroy();
  await t?.stop();
});

describe('canonical owners', () => {
  it('gives each user its own stable Owner in ListBuckets, bucket ACLs and listings', async () => {
    const a = (await alice.send(new ListBucketsCommand({}))).Owner;
    const b = (await bob.send(new ListBucketsCommand({}))).Owner;
    const r = (await root.send(new ListBucketsCommand({}))).Owner;
    expect(a?.DisplayName).toBe('alice');
    expect(b?.DisplayName).toBe('bob');
    for (const o of [a, b, r]) expect(o?.ID).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set([a?.ID, b?.ID, r?.ID]).size).toBe(3);
    expect((await alice.send(new ListBucketsCommand({}))).Owner).toEqual(a);

    expect((await root.send(new GetBucketAclCommand({ Bucket: 'alice-acl' }))).Owner).toEqual(a);
    await alice.send(new PutObjectCommand({ Bucket: 'alice-acl', Key: 'mine', Body: 'm' }));
    const listed = await root.send(new ListObjectsV2Command({ Bucket: 'alice-acl', FetchOwner: true }));
    expect(listed.Contents?.[0]?.Owner).toEqual(a);
    const versions = await root.send(new ListObjectVersionsCommand({ Bucket: 'alice-acl' }));
    expect(versions.Versions?.[0]?.Owner).toEqual(a);
  });

  it('answers the owner 200 (us-east-1, as AWS) and BucketAlreadyExists to anyone else', async () => {
    const again = await alice.send(new CreateBucketCommand({ Bucket: 'alice-acl' }));
    expect(again.$metadata.httpStatusCode).toBe(200);
    expect(await sdkError(root.send(new CreateBucketCommand({ Bucket: 'alice-acl' })))).toEqual({
      name: 'BucketAlreadyExists',
      status: 409,
    });
  });

  it('names the writer as owner of what it writes into an ObjectWriter bucket, and the initiator of its uploads', async () => {
    const b = (await bob.send(new ListBucketsCommand({}))).Owner;
    await root.send(new PutObjectCommand({ Bucket: 'alice-acl', Key: 'by-root', Body: 'r' }));
    const acl = await root.send(new GetObjectAclCommand({ Bucket: 'alice-acl', Key: 'by-root' }));
    expect(acl.Owner?.DisplayName).toBe('stowage');
    await root.send(new CreateMultipartUploadCommand({ Bucket: 'alice-acl', Key: 'upload' }));
    const uploads = await alice.send(new ListMultipartUploadsCommand({ Bucket: 'alice-acl' }));
    expect(uploads.Uploads?.[0]?.Initiator?.DisplayName).toBe('stowage');
    expect(uploads.Uploads?.[0]?.Owner?.ID).toBe(acl.Owner?.ID);
    expect(b?.ID).not.toBe(acl.Owner?.ID);
    // Under BucketOwnerEnforced (the default) the bucket's owner owns whatever anyone writes.
    await alice.send(new CreateBucketCommand({ Bucket: 'alice-enforced' }));
    await root.send(new PutObjectCommand({ Bucket: 'alice-enforced', Key: 'by-root', Body: 'r' }));
    const listed = await root.send(new ListObjectsV2Command({ Bucket: 'alice-enforced', FetchOwner: true }));
    expect(listed.Contents?.[0]?.Owner?.DisplayName).toBe('alice');
    const enforcedAcl = await root.send(
      new GetObjectAclCommand({ Bucket: 'alice-enforced', Key: 'by-root' }),
    );
    expect(enforcedAcl.Owner?.DisplayName).toBe('alice');
  });
});

describe('object ACLs', () => {
  it('a grant to another user by canonical id lets that user read the object, nothing more', async () => {
    const bobId = (await bob.send(new ListBucketsCommand({}))).Owner?.ID as string;
    await alice.send(new PutObjectCommand({ Bucket: 'alice-acl', Key: 'for-bob', Body: 'hi bob' }));
    expect(await sdkError(bob.send(new GetObjectCommand({ Bucket: 'alice-acl', Key: 'for-bob' })))).toEqual({
      name: 'AccessDenied',
      status: 403,
    });
    await alice.send(
      new PutObjectAclCommand({ Bucket: 'alice-acl', Key: 'for-bob', GrantRead: `id=${bobId}` }),
    );
    const got = await bob.send(new GetObjectCommand({ Bucket: 'alice-acl', Key: 'for-bob' }));
    expect(await got.Body?.transformToString()).toBe('hi bob');
    const acl = await alice.send(new GetObjectAclCommand({ Bucket: 'alice-acl', Key: 'for-bob' }));
    expect(acl.Grants?.map((g) => [g.Grantee?.ID, g.Permission])).toEqual([[bobId, 'READ']]);
    expect(
      await sdkError(bob.send(new GetObjectAclCommand({ Bucket: 'alice-acl', Key: 'for-bob' }))),
    ).toEqual({ name: 'AccessDenied', status: 403 });
    expect(
      await sdkError(
        bob.send(new PutObjectAclCommand({ Bucket: 'alice-acl', Key: 'for-bob', ACL: 'private' })),
      ),
    ).toEqual({ name: 'AccessDenied', status: 403 });
  });

  it('a public-read object (x-amz-acl on PutObject) is readable anonymously; its neighbours are not', async () => {
    await alice.send(
      new PutObjectCommand({ Bucket: 'alice-acl', Key: 'public.txt', Body: 'open', ACL: 'public-read' }),
    );
    await alice.send(new PutObjectCommand({ Bucket: 'alice-acl', Key: 'private.txt', Body: 'closed' }));
    const r = await fetch(`${t.store.url}/alice-acl/public.txt`);
    expect([r.status, await r.text()]).toEqual([200, 'open']);
    expect(await anonStatus(`${t.store.url}/alice-acl/private.txt`)).toBe(403);
    const acl = await alice.send(new GetObjectAclCommand({ Bucket: 'alice-acl', Key: 'public.txt' }));
    expect(
      acl.Grants?.map((g) => [g.Grantee?.Type, g.Grantee?.URI ?? g.Grantee?.DisplayName, g.Permission]),
    ).toEqual([
      ['CanonicalUser', 'alice', 'FULL_CONTROL'],
      ['Group', 'http://acs.amazonaws.com/groups/global/AllUsers', 'READ'],
    ]);
  });

  it('PublicAccessBlock: IgnorePublicAcls hides the public object, BlockPublicAcls refuses new public ACLs', async () => {
    await alice.send(
      new PutPublicAccessBlockCommand({
        Bucket: 'alice-acl',
        PublicAccessBlockConfiguration: { IgnorePublicAcls: true, BlockPublicAcls: true },
      }),
    );
    expect(await anonStatus(`${t.store.url}/alice-acl/public.txt`)).toBe(403);
    expect(
      await sdkError(
        alice.send(new PutObjectCommand({ Bucket: 'alice-acl', Key: 'p2', Body: 'x', ACL: 'public-read' })),
      ),
    ).toEqual({ name: 'AccessDenied', status: 403 });
    expect(
      await sdkError(
        alice.send(
          new PutObjectAclCommand({ Bucket: 'alice-acl', Key: 'private.txt', ACL: 'authenticated-read' }),
        ),
      ),
    ).toEqual({ name: 'AccessDenied', status: 403 });
    await alice.send(
      new PutPublicAccessBlockCommand({ Bucket: 'alice-acl', PublicAccessBlockConfiguration: {} }),
    );
    expect(await anonStatus(`${t.store.url}/alice-acl/public.txt`)).toBe(200);
  });

  it('CopyObject and CreateMultipartUpload take x-amz-acl too: their objects are public-read', async () => {
    await alice.send(
      new CopyObjectCommand({
        Bucket: 'alice-acl',
        Key: 'copied.txt',
        CopySource: 'alice-acl/private.txt',
        ACL: 'public-read',
      }),
    );
    const up = await alice.send(
      new CreateMultipartUploadCommand({ Bucket: 'alice-acl', Key: 'multi.txt', ACL: 'public-read' }),
    );
    const part = await alice.send(
      new UploadPartCommand({
        Bucket: 'alice-acl',
        Key: 'multi.txt',
        UploadId: up.UploadId,
        PartNumber: 1,
        Body: 'mp',
      }),
    );
    await alice.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'alice-acl',
        Key: 'multi.txt',
        UploadId: up.UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    for (const [key, body] of [
      ['copied.txt', 'closed'],
      ['multi.txt', 'mp'],
    ]) {
      const r = await fetch(`${t.store.url}/alice-acl/${key}`);
      expect([r.status, await r.text()]).toEqual([200, body]);
    }
  });

  it('an explicit Deny in the user’s policy wins over an ACL grant', async () => {
    await admin.addCannedPolicy('no-for-bob', {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Deny', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::alice-acl/for-bob'] }],
    });
    await admin.setPolicy(['own-bob', 'tag-reader', 'no-for-bob'], 'bob', false);
    expect(await sdkError(bob.send(new GetObjectCommand({ Bucket: 'alice-acl', Key: 'for-bob' })))).toEqual({
      name: 'AccessDenied',
      status: 403,
    });
  });
});

describe('s3:ExistingObjectTag in a user policy', () => {
  beforeAll(async () => {
    await alice.send(new CreateBucketCommand({ Bucket: 'alice-tagged' }));
    await alice.send(
      new PutObjectCommand({ Bucket: 'alice-tagged', Key: 'shared', Body: 's', Tagging: 'share=bob' }),
    );
    await alice.send(
      new PutObjectCommand({ Bucket: 'alice-tagged', Key: 'other', Body: 'o', Tagging: 'share=carol' }),
    );
    await alice.send(
      new PutObjectCommand({
        Bucket: 'alice-tagged',
        Key: 'secret',
        Body: 'x',
        Tagging: 'share=bob&secret=yes',
      }),
    );
  });

  it('allows GetObject of an object whose tag matches and denies the others', async () => {
    const got = await bob.send(new GetObjectCommand({ Bucket: 'alice-tagged', Key: 'shared' }));
    expect(await got.Body?.transformToString()).toBe('s');
    expect(await sdkError(bob.send(new GetObjectCommand({ Bucket: 'alice-tagged', Key: 'other' })))).toEqual({
      name: 'AccessDenied',
      status: 403,
    });
    // The Deny on secret=yes wins over the Allow on share=bob.
    expect(await sdkError(bob.send(new GetObjectCommand({ Bucket: 'alice-tagged', Key: 'secret' })))).toEqual(
      { name: 'AccessDenied', status: 403 },
    );
  });
});

describe('default checksum', () => {
  it('stores a CRC64NVME full-object checksum for a PUT that sends none', async () => {
    // The SDK's own default (CRC32) switched off, so the request carries no checksum at all.
    const plain = new S3Client({
      endpoint: t.store.url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ROOT_USER, secretAccessKey: ROOT_PASSWORD },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    await plain.send(new CreateBucketCommand({ Bucket: 'crc-default' }));
    await plain.send(new PutObjectCommand({ Bucket: 'crc-default', Key: 'k', Body: '123456789' }));
    const head = await plain.send(
      new HeadObjectCommand({ Bucket: 'crc-default', Key: 'k', ChecksumMode: 'ENABLED' }),
    );
    // CRC-64/NVME of "123456789" is 0xae8b14860a799888 (its check value).
    expect(head.ChecksumCRC64NVME).toBe(Buffer.from('ae8b14860a799888', 'hex').toString('base64'));
    expect(head.ChecksumType).toBe('FULL_OBJECT');
    const attrs = await plain.send(
      new GetObjectAttributesCommand({ Bucket: 'crc-default', Key: 'k', ObjectAttributes: ['Checksum'] }),
    );
    expect(attrs.Checksum?.ChecksumCRC64NVME).toBe(head.ChecksumCRC64NVME);
    // A multipart object without checksums has none; a copy of it gets the default.
    const up = await plain.send(new CreateMultipartUploadCommand({ Bucket: 'crc-default', Key: 'mp' }));
    const part = await plain.send(
      new UploadPartCommand({
        Bucket: 'crc-default',
        Key: 'mp',
        UploadId: up.UploadId,
        PartNumber: 1,
        Body: '123456789',
      }),
    );
    await plain.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'crc-default',
        Key: 'mp',
        UploadId: up.UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    const mp = await plain.send(
      new HeadObjectCommand({ Bucket: 'crc-default', Key: 'mp', ChecksumMode: 'ENABLED' }),
    );
    expect(mp.ChecksumCRC64NVME).toBeUndefined();
    await plain.send(
      new CopyObjectCommand({ Bucket: 'crc-default', Key: 'copy', CopySource: 'crc-default/mp' }),
    );
    const copied = await plain.send(
      new HeadObjectCommand({ Bucket: 'crc-default', Key: 'copy', ChecksumMode: 'ENABLED' }),
    );
    expect(copied.ChecksumCRC64NVME).toBe(head.ChecksumCRC64NVME);
    plain.destroy();
  });
});

describe('ACL reads are authorized as s3:GetBucketAcl / s3:GetObjectAcl', () => {
  it('a user allowed s3:GetBucketAcl (and not s3:GetBucketPolicy) reads the bucket ACL; GetObject alone does not give GetObjectAcl', async () => {
    await alice.send(
      new PutObjectCommand({ Bucket: 'alice-acl', Key: 'acl-read', Body: 'a', ACL: 'public-read' }),
    );
    expect(await sdkError(bob.send(new GetBucketAclCommand({ Bucket: 'alice-acl' })))).toEqual({
      name: 'AccessDenied',
      status: 403,
    });
    await admin.addCannedPolicy('acl-reader', {
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: ['s3:GetBucketAcl'], Resource: ['arn:aws:s3:::alice-acl'] },
        { Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::alice-acl/acl-read'] },
      ],
    });
    await admin.setPolicy(['own-bob', 'acl-reader'], 'bob', false);
    expect((await bob.send(new GetBucketAclCommand({ Bucket: 'alice-acl' }))).Owner?.DisplayName).toBe(
      'alice',
    );
    const got = await bob.send(new GetObjectCommand({ Bucket: 'alice-acl', Key: 'acl-read' }));
    expect(await got.Body?.transformToString()).toBe('a');
    expect(
      await sdkError(bob.send(new GetObjectAclCommand({ Bucket: 'alice-acl', Key: 'acl-read' }))),
    ).toEqual({ name: 'AccessDenied', status: 403 });
  });
});
