// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { IamSystem } from './iam-system.js';
import { openIam } from './index.js';
import { MemorySystemStore } from './testing/memory-system-store.js';
import { allowPolicy, TEST_ROOT } from './testing/parts.js';

const PUBLIC = JSON.stringify({
  Version: '2012-10-17',
  Statement: [
    { Effect: 'Allow', Principal: '*', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::pub/*'] },
  ],
});
const anonymousGet = {
  identity: { kind: 'anonymous' as const, accessKey: '', parentUser: '' },
  action: 's3:GetObject',
  bucket: 'pub',
  key: 'k',
  conditions: {},
};

describe('IamSystem (facade)', () => {
  it('drives every part through one object and reopens with the same state', async () => {
    const store = new MemorySystemStore();
    const iam = await openIam(store, TEST_ROOT);
    expect(iam.rootAccessKey).toBe(TEST_ROOT.accessKey);
    await iam.addUser('alice', 'alice-secret');
    await iam.addPolicy('getter', allowPolicy('s3:GetObject'));
    await iam.updateGroupMembers('devs', ['alice'], false);
    await iam.setPolicy(['getter'], 'devs', true);
    expect(await iam.attachDetachPolicies(true, ['readonly'], 'alice', false)).toEqual(['readonly']);
    const sa = await iam.addServiceAccount({ parentUser: 'alice' });
    const sts = await iam.createStsSession({
      parentUser: 'alice',
      durationSeconds: 60,
      source: 'AssumeRole',
    });
    expect(iam.credentialKind(sa.accessKey)).toBe('service-account');
    expect(iam.sessionExpiration(sts.accessKey)).toEqual(sts.expiration);
    expect(iam.policyNamesOf('alice')).toEqual(['readonly', 'getter']);
    expect(iam.serviceAccountPolicy(sa.accessKey).implied).toBe(true);
    expect(iam.getStsSession(sts.accessKey).parentUser).toBe('alice');

    const reopened = await openIam(store, TEST_ROOT);
    expect(reopened.listUsers()).toEqual(iam.listUsers());
    expect(reopened.getGroup('devs')).toEqual(iam.getGroup('devs'));
    expect(reopened.listPolicies()).toEqual(iam.listPolicies());
    expect(reopened.listServiceAccounts('alice')).toEqual([sa.accessKey]);
    expect(await reopened.lookup(sts.accessKey)).toEqual(await iam.lookup(sts.accessKey));
    expect(
      reopened.isAllowedSync({
        ...anonymousGet,
        identity: { kind: 'user', accessKey: 'alice', parentUser: 'alice' },
      }),
    ).toBe(true);
  });

  it('takes a bucket policy source later; without replace an existing one is kept', async () => {
    const iam = new IamSystem(new MemorySystemStore(), TEST_ROOT);
    expect(await iam.isAllowed(anonymousGet)).toBe(false);
    iam.useBucketPolicies(async () => Buffer.from(PUBLIC), false);
    expect(await iam.isAllowed(anonymousGet)).toBe(true);
    iam.useBucketPolicies(async () => null, false);
    expect(await iam.isAllowed(anonymousGet)).toBe(true);
    iam.useBucketPolicies(async () => null);
    expect(await iam.isAllowed(anonymousGet)).toBe(false);
    expect(await iam.bucketPolicy('pub', async () => Buffer.from(PUBLIC))).not.toBeNull();
  });
});
