// SPDX-License-Identifier: Apache-2.0
import {
  CreateBucketCommand,
  DeleteBucketOwnershipControlsCommand,
  DeletePublicAccessBlockCommand,
  GetBucketAclCommand,
  GetBucketOwnershipControlsCommand,
  GetBucketPolicyStatusCommand,
  GetPublicAccessBlockCommand,
  PutBucketAclCommand,
  PutBucketOwnershipControlsCommand,
  PutBucketPolicyCommand,
  PutObjectAclCommand,
  PutObjectCommand,
  PutPublicAccessBlockCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonStatus, rootSdk, sdkError } from './aws-sdk.js';
import { startTestStore, type TestStore } from './harness.js';

// Object Ownership, ACLs, PublicAccessBlock and GetBucketPolicyStatus with the AWS SDK v3; access as
// an anonymous browser would try it (plain HTTP).
let t: TestStore;
let s3: S3Client;

function anonList(bucket: string): Promise<number> {
  return anonStatus(`${t.store.url}/${bucket}?list-type=2`);
}

const publicRead = (bucket: string): string =>
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Principal: '*', Action: 's3:ListBucket', Resource: `arn:aws:s3:::${bucket}` },
    ],
  });

beforeAll(async () => {
  t = await startTestStore();
  s3 = rootSdk(t);
});
afterAll(async () => {
  s3?.destroy();
  await t?.stop();
});

describe('Object Ownership and ACLs', () => {
  it('a new bucket enforces bucket ownership: ACLs beyond the owner’s are AccessControlListNotSupported', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'enforced' }));
    const got = await s3.send(new GetBucketOwnershipControlsCommand({ Bucket: 'enforced' }));
    expect(got.OwnershipControls?.Rules?.[0]?.ObjectOwnership).toBe('BucketOwnerEnforced');
    expect(
      await sdkError(s3.send(new PutBucketAclCommand({ Bucket: 'enforced', ACL: 'public-read' }))),
    ).toEqual({
      name: 'AccessControlListNotSupported',
      status: 400,
    });
    await s3.send(new PutBucketAclCommand({ Bucket: 'enforced', ACL: 'private' }));
    expect(
      await sdkError(
        s3.send(new PutObjectCommand({ Bucket: 'enforced', Key: 'o', Body: 'x', ACL: 'public-read' })),
      ),
    ).toEqual({ name: 'AccessControlListNotSupported', status: 400 });
    await s3.send(
      new PutObjectCommand({ Bucket: 'enforced', Key: 'o', Body: 'x', ACL: 'bucket-owner-full-control' }),
    );
    expect(
      await sdkError(s3.send(new CreateBucketCommand({ Bucket: 'enforced-acl', ACL: 'public-read' }))),
    ).toEqual({ name: 'InvalidBucketAclWithObjectOwnership', status: 400 });
  });

  it('ObjectWriter enables ACLs: a public-read bucket ACL lets anonymous clients list, until it is private again', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'acl-enabled', ObjectOwnership: 'ObjectWriter' }));
    expect(await anonList('acl-enabled')).toBe(403);
    await s3.send(new PutBucketAclCommand({ Bucket: 'acl-enabled', ACL: 'public-read' }));
    const acl = await s3.send(new GetBucketAclCommand({ Bucket: 'acl-enabled' }));
    expect(acl.Grants?.map((g) => [g.Grantee?.Type, g.Grantee?.URI ?? g.Grantee?.ID, g.Permission])).toEqual([
      ['CanonicalUser', acl.Owner?.ID, 'FULL_CONTROL'],
      ['Group', 'http://acs.amazonaws.com/groups/global/AllUsers', 'READ'],
    ]);
    expect(await anonList('acl-enabled')).toBe(200);
    await s3.send(new PutBucketAclCommand({ Bucket: 'acl-enabled', ACL: 'private' }));
    expect(await anonList('acl-enabled')).toBe(403);
  });

  it('takes explicit grants in an AccessControlPolicy document', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'grants', ObjectOwnership: 'BucketOwnerPreferred' }));
    const owner = (await s3.send(new GetBucketAclCommand({ Bucket: 'grants' }))).Owner;
    await s3.send(
      new PutBucketAclCommand({
        Bucket: 'grants',
        AccessControlPolicy: {
          Owner: owner,
          Grants: [
            { Grantee: { Type: 'CanonicalUser', ID: owner?.ID }, Permission: 'FULL_CONTROL' },
            {
              Grantee: { Type: 'Group', URI: 'http://acs.amazonaws.com/groups/global/AllUsers' },
              Permission: 'READ',
            },
          ],
        },
      }),
    );
    expect(await anonList('grants')).toBe(200);
  });

  it('deleting the ownership controls answers OwnershipControlsNotFoundError afterwards', async () => {
    await s3.send(new DeleteBucketOwnershipControlsCommand({ Bucket: 'grants' }));
    expect(await sdkError(s3.send(new GetBucketOwnershipControlsCommand({ Bucket: 'grants' })))).toEqual({
      name: 'OwnershipControlsNotFoundError',
      status: 404,
    });
    await s3.send(
      new PutBucketOwnershipControlsCommand({
        Bucket: 'grants',
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      }),
    );
    // Enforced again: the stored bucket ACL no longer grants anything.
    expect(await anonList('grants')).toBe(403);
  });

  it('object ACLs: bucket-owner-full-control is accepted under BucketOwnerEnforced, where public-read is refused', async () => {
    await s3.send(
      new PutObjectAclCommand({ Bucket: 'enforced', Key: 'o', ACL: 'bucket-owner-full-control' }),
    );
    expect(
      await sdkError(s3.send(new PutObjectAclCommand({ Bucket: 'enforced', Key: 'o', ACL: 'public-read' }))),
    ).toEqual({ name: 'AccessControlListNotSupported', status: 400 });
  });
});

describe('PublicAccessBlock and policy status', () => {
  beforeAll(async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'pab', ObjectOwnership: 'ObjectWriter' }));
  });

  it('has none at first, stores the four switches and deletes them', async () => {
    expect(await sdkError(s3.send(new GetPublicAccessBlockCommand({ Bucket: 'pab' })))).toEqual({
      name: 'NoSuchPublicAccessBlockConfiguration',
      status: 404,
    });
    await s3.send(
      new PutPublicAccessBlockCommand({
        Bucket: 'pab',
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true },
      }),
    );
    const got = await s3.send(new GetPublicAccessBlockCommand({ Bucket: 'pab' }));
    expect(got.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      IgnorePublicAcls: false,
      BlockPublicPolicy: true,
      RestrictPublicBuckets: false,
    });
  });

  it('BlockPublicPolicy refuses a public policy but not a restricted one; BlockPublicAcls a public ACL', async () => {
    expect(
      await sdkError(s3.send(new PutBucketPolicyCommand({ Bucket: 'pab', Policy: publicRead('pab') }))),
    ).toEqual({
      name: 'AccessDenied',
      status: 403,
    });
    const restricted = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: '*',
          Action: 's3:ListBucket',
          Resource: 'arn:aws:s3:::pab',
          Condition: { IpAddress: { 'aws:SourceIp': '127.0.0.1/32' } },
        },
      ],
    });
    await s3.send(new PutBucketPolicyCommand({ Bucket: 'pab', Policy: restricted }));
    expect((await s3.send(new GetBucketPolicyStatusCommand({ Bucket: 'pab' }))).PolicyStatus?.IsPublic).toBe(
      false,
    );
    expect(await sdkError(s3.send(new PutBucketAclCommand({ Bucket: 'pab', ACL: 'public-read' })))).toEqual({
      name: 'AccessDenied',
      status: 403,
    });
  });

  it('RestrictPublicBuckets takes a public policy away from anonymous clients; IgnorePublicAcls a public ACL', async () => {
    await s3.send(new DeletePublicAccessBlockCommand({ Bucket: 'pab' }));
    await s3.send(new PutBucketPolicyCommand({ Bucket: 'pab', Policy: publicRead('pab') }));
    expect((await s3.send(new GetBucketPolicyStatusCommand({ Bucket: 'pab' }))).PolicyStatus?.IsPublic).toBe(
      true,
    );
    expect(await anonList('pab')).toBe(200);
    await s3.send(
      new PutPublicAccessBlockCommand({
        Bucket: 'pab',
        PublicAccessBlockConfiguration: { RestrictPublicBuckets: true },
      }),
    );
    expect(await anonList('pab')).toBe(403);

    await s3.send(new PutBucketAclCommand({ Bucket: 'pab', ACL: 'public-read' }));
    expect(await anonList('pab')).toBe(200);
    await s3.send(
      new PutPublicAccessBlockCommand({
        Bucket: 'pab',
        PublicAccessBlockConfiguration: { RestrictPublicBuckets: true, IgnorePublicAcls: true },
      }),
    );
    expect(await anonList('pab')).toBe(403);
  });
});
