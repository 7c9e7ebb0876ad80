// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { IAM_PATHS } from './persistence.js';
import { allowPolicy, TEST_ROOT, testIam } from './testing/parts.js';

const SESSION_POLICY = JSON.parse(allowPolicy('s3:GetObject')) as Record<string, unknown>;

async function setup(): Promise<ReturnType<typeof testIam>> {
  const iam = testIam();
  await iam.users.add('alice', 'alice-secret');
  await iam.mappings.set(['readwrite'], 'alice', false);
  return iam;
}

describe('ServiceAccounts', () => {
  it('adds accounts for a user or root, generating keys when none are given', async () => {
    const { serviceAccounts, store } = await setup();
    const issued = await serviceAccounts.add({ parentUser: 'alice' });
    expect(issued.accessKey).toMatch(/^[A-Z0-9]{20}$/);
    expect(issued.secretKey).toHaveLength(40);
    await serviceAccounts.add({
      parentUser: TEST_ROOT.accessKey,
      accessKey: 'root-sa',
      secretKey: 'root-sa-secret',
    });
    expect(serviceAccounts.get(issued.accessKey)).toMatchObject({
      parentUser: 'alice',
      status: 'on',
      secretKey: issued.secretKey,
      sessionPolicyParsed: null,
    });
    expect(serviceAccounts.list('alice')).toEqual([issued.accessKey]);
    expect(serviceAccounts.list(TEST_ROOT.accessKey)).toEqual(['root-sa']);
    expect(store.docs.has(`${IAM_PATHS.serviceAccounts}/root-sa.json`)).toBe(true);
  });

  it('refuses unknown parents, bad keys, long comments and keys already in use', async () => {
    const { serviceAccounts } = await setup();
    await expect(serviceAccounts.add({ parentUser: 'ghost' })).rejects.toMatchObject({
      code: 'XMinioAdminNoSuchUser',
    });
    await expect(serviceAccounts.add({ parentUser: 'alice', accessKey: 'ab' })).rejects.toThrow(
      'access key must be at least 3 characters',
    );
    await expect(serviceAccounts.add({ parentUser: 'alice', secretKey: 'short' })).rejects.toThrow(
      'secret key must be at least 8 characters',
    );
    await expect(serviceAccounts.add({ parentUser: 'alice', comment: 'x'.repeat(257) })).rejects.toThrow(
      'comment must be at most 256 characters',
    );
    await expect(
      serviceAccounts.add({ parentUser: 'alice', policy: '{"Statement":1}' }),
    ).rejects.toMatchObject({
      code: 'XMinioMalformedIAMPolicy',
    });
    for (const taken of ['alice', TEST_ROOT.accessKey]) {
      await expect(serviceAccounts.add({ parentUser: 'alice', accessKey: taken })).rejects.toThrow(
        'access key is already in use',
      );
    }
    await serviceAccounts.add({ parentUser: 'alice', accessKey: 'alice-sa' });
    await expect(serviceAccounts.add({ parentUser: 'alice', accessKey: 'alice-sa' })).rejects.toThrow(
      'access key is already in use',
    );
  });

  it('reports its session policy, or (implied) the merge of its parent policies', async () => {
    const { serviceAccounts } = await setup();
    await serviceAccounts.add({ parentUser: 'alice', accessKey: 'narrow-sa', policy: SESSION_POLICY });
    await serviceAccounts.add({ parentUser: 'alice', accessKey: 'wide-sa' });
    await serviceAccounts.add({ parentUser: TEST_ROOT.accessKey, accessKey: 'root-sa' });
    expect(serviceAccounts.policyOf('narrow-sa')).toEqual({ implied: false, policy: SESSION_POLICY });
    const wide = serviceAccounts.policyOf('wide-sa');
    expect(wide.implied).toBe(true);
    expect(JSON.stringify(wide.policy)).toContain('s3:*');
    expect(JSON.stringify(serviceAccounts.policyOf('root-sa').policy)).toContain('admin:*');
    expect(serviceAccounts.find('narrow-sa')?.sessionPolicy?.raw).toEqual(SESSION_POLICY);
  });

  it('updates secret, status, comment and session policy; null drops the policy', async () => {
    const { serviceAccounts } = await setup();
    await serviceAccounts.add({ parentUser: 'alice', accessKey: 'alice-sa', policy: SESSION_POLICY });
    await serviceAccounts.update('alice-sa', { secretKey: 'a-new-secret', status: 'off', comment: 'ci' });
    expect(serviceAccounts.get('alice-sa')).toMatchObject({
      secretKey: 'a-new-secret',
      status: 'off',
      comment: 'ci',
      sessionPolicy: SESSION_POLICY,
    });
    await serviceAccounts.update('alice-sa', { policy: null });
    expect(serviceAccounts.get('alice-sa').sessionPolicy).toBeUndefined();
    expect(serviceAccounts.policyOf('alice-sa').implied).toBe(true);
    await expect(serviceAccounts.update('alice-sa', { secretKey: 'short' })).rejects.toThrow(
      'secret key must be at least 8 characters',
    );
    await expect(
      // @ts-expect-error: an invalid status from an untyped caller
      serviceAccounts.update('alice-sa', { status: 'enabled' }),
    ).rejects.toThrow("invalid service account status 'enabled' (expected on or off)");
    await expect(serviceAccounts.update('ghost-sa', { comment: 'x' })).rejects.toMatchObject({
      code: 'XMinioInvalidIAMCredentials',
      status: 404,
      message: 'The specified service account is not found',
    });
  });

  it('deletes an account, and all of a parent when the parent goes', async () => {
    const { serviceAccounts, users, store } = await setup();
    await serviceAccounts.add({ parentUser: 'alice', accessKey: 'sa-one' });
    await serviceAccounts.add({ parentUser: 'alice', accessKey: 'sa-two' });
    await serviceAccounts.delete('sa-one');
    expect(serviceAccounts.has('sa-one')).toBe(false);
    expect(store.docs.has(`${IAM_PATHS.serviceAccounts}/sa-one.json`)).toBe(false);
    await expect(serviceAccounts.delete('sa-one')).rejects.toMatchObject({
      code: 'XMinioInvalidIAMCredentials',
    });
    expect(() => serviceAccounts.get('sa-one')).toThrow('The specified service account is not found');
    await users.remove('alice');
    expect(serviceAccounts.list('alice')).toEqual([]);
    expect(store.docs.has(`${IAM_PATHS.serviceAccounts}/sa-two.json`)).toBe(false);
  });
});
