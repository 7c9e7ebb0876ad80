// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import type { BucketPolicySetting } from './authorization.js';
import { MemorySystemStore } from './testing/memory-system-store.js';
import { allowPolicy, TEST_ROOT, testIam } from './testing/parts.js';
import type { AuthorizationRequest, Identity } from './types.js';

const alice: Identity = { kind: 'user', accessKey: 'alice', parentUser: 'alice' };
const anonymous: Identity = { kind: 'anonymous', accessKey: '', parentUser: '' };

function req(identity: Identity, action: string, bucket = 'data', key?: string): AuthorizationRequest {
  return { identity, action, bucket, ...(key !== undefined ? { key } : {}), conditions: {} };
}

const PUBLIC_READ = JSON.stringify({
  Version: '2012-10-17',
  Statement: [
    { Effect: 'Allow', Principal: '*', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::public/*'] },
    { Effect: 'Allow', Principal: '*', Action: ['s3:ListBucket'], Resource: ['arn:aws:s3:::public'] },
  ],
});

async function setup(setting: BucketPolicySetting = {}): Promise<ReturnType<typeof testIam>> {
  const iam = testIam(new MemorySystemStore(), setting);
  await iam.users.add('alice', 'alice-secret');
  await iam.policies.add('getter', allowPolicy('s3:GetObject', 's3:ListBucket'));
  await iam.mappings.set(['getter'], 'alice', false);
  return iam;
}

describe('Authorization', () => {
  it('lets root do anything and judges users by their policies', async () => {
    const { authorization, users } = await setup();
    const root: Identity = { kind: 'root', accessKey: TEST_ROOT.accessKey, parentUser: TEST_ROOT.accessKey };
    expect(authorization.isAllowedSync(req(root, 'admin:ServerInfo'))).toBe(true);
    expect(authorization.isAllowedSync(req(alice, 's3:GetObject', 'data', 'k'))).toBe(true);
    expect(authorization.isAllowedSync(req(alice, 's3:PutObject', 'data', 'k'))).toBe(false);
    expect(await authorization.isAllowed(req(alice, 's3:GetObject', 'data', 'k'))).toBe(true);
    await users.setStatus('alice', 'disabled');
    expect(authorization.isAllowedSync(req(alice, 's3:GetObject', 'data', 'k'))).toBe(false);
  });

  it('lets s3:ListBucket grant listing object versions', async () => {
    const { authorization } = await setup();
    expect(authorization.isAllowedSync(req(alice, 's3:ListBucketVersions'))).toBe(true);
    expect(authorization.isAllowedSync(req(alice, 's3:GetBucketVersioning'))).toBe(false);
  });

  it('with denyOnly, allows anything not explicitly denied', async () => {
    const { authorization } = await setup();
    expect(authorization.isAllowedSync({ ...req(alice, 's3:PutObject', 'data', 'k'), denyOnly: true })).toBe(
      true,
    );
  });

  it('holds service accounts to their parent, narrowed by the session policy', async () => {
    const { authorization, serviceAccounts, users } = await setup();
    await serviceAccounts.add({ parentUser: 'alice', accessKey: 'wide-sa' });
    await serviceAccounts.add({
      parentUser: 'alice',
      accessKey: 'narrow-sa',
      policy: allowPolicy('s3:ListBucket'),
    });
    await serviceAccounts.add({
      parentUser: TEST_ROOT.accessKey,
      accessKey: 'root-sa',
      policy: allowPolicy('s3:GetObject'),
    });
    const sa = (ak: string, parent = 'alice'): Identity => ({
      kind: 'service-account',
      accessKey: ak,
      parentUser: parent,
    });
    expect(authorization.isAllowedSync(req(sa('wide-sa'), 's3:GetObject', 'data', 'k'))).toBe(true);
    expect(authorization.isAllowedSync(req(sa('narrow-sa'), 's3:GetObject', 'data', 'k'))).toBe(false);
    expect(authorization.isAllowedSync(req(sa('narrow-sa'), 's3:ListBucket'))).toBe(true);
    expect(
      authorization.isAllowedSync(req(sa('root-sa', TEST_ROOT.accessKey), 's3:GetObject', 'b', 'k')),
    ).toBe(true);
    expect(
      authorization.isAllowedSync(req(sa('root-sa', TEST_ROOT.accessKey), 's3:PutObject', 'b', 'k')),
    ).toBe(false);
    await users.setStatus('alice', 'disabled');
    expect(authorization.isAllowedSync(req(sa('wide-sa'), 's3:GetObject', 'data', 'k'))).toBe(false);
  });

  it('holds external STS sessions to their provider policies, without an internal parent', async () => {
    const { authorization, sessions } = await setup();
    const s = await sessions.create({
      parentUser: 'oidc-subject',
      durationSeconds: 60,
      source: 'AssumeRoleWithWebIdentity',
      externalPolicies: ['readonly'],
    });
    const sts: Identity = { kind: 'sts', accessKey: s.accessKey, parentUser: 'oidc-subject' };
    expect(authorization.isAllowedSync(req(sts, 's3:GetObject', 'data', 'k'))).toBe(true);
    expect(authorization.isAllowedSync(req(sts, 's3:PutObject', 'data', 'k'))).toBe(false);
  });

  it('judges anonymous requests by the bucket policy, if there is a source', async () => {
    const setting: BucketPolicySetting = {};
    const { authorization } = await setup(setting);
    expect(authorization.isAllowedSync(req(anonymous, 's3:GetObject', 'public', 'k'))).toBeUndefined();
    expect(await authorization.isAllowed(req(anonymous, 's3:GetObject', 'public', 'k'))).toBe(false);
    setting.bucketPolicies = async (bucket) => (bucket === 'public' ? Buffer.from(PUBLIC_READ) : null);
    expect(await authorization.isAllowed(req(anonymous, 's3:GetObject', 'public', 'k'))).toBe(true);
    expect(await authorization.isAllowed(req(anonymous, 's3:ListBucketVersions', 'public'))).toBe(true);
    expect(await authorization.isAllowed(req(anonymous, 's3:PutObject', 'public', 'k'))).toBe(false);
    expect(await authorization.isAllowed(req(anonymous, 's3:GetObject', 'private', 'k'))).toBe(false);
    expect(
      await authorization.isAllowed({ identity: anonymous, action: 's3:ListAllMyBuckets', conditions: {} }),
    ).toBe(false);
  });

  it('parses bucket policies once per text and treats unreadable or invalid ones as none', async () => {
    let reads = 0;
    const texts: Record<string, string> = { public: PUBLIC_READ, broken: '{"Statement":' };
    const { authorization } = await setup({
      bucketPolicies: async (bucket) => {
        reads++;
        if (bucket === 'failing') throw new Error('disk');
        return texts[bucket] ? Buffer.from(texts[bucket]) : null;
      },
    });
    const first = await authorization.bucketPolicy('public');
    expect(first).not.toBeNull();
    expect(await authorization.bucketPolicy('public')).toBe(first);
    expect(reads).toBe(2);
    expect(await authorization.bucketPolicy('broken')).toBeNull();
    expect(await authorization.bucketPolicy('failing')).toBeNull();
    expect(await authorization.bucketPolicy('none')).toBeNull();
    expect(await authorization.bucketPolicy('public', async () => null)).toBeNull();
  });
});
