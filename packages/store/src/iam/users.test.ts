// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { IAM_PATHS } from './persistence.js';
import { TEST_ROOT, testIam } from './testing/parts.js';

describe('Users', () => {
  it('adds a user (an upsert), lists them and reports their info', async () => {
    const { users, store } = testIam();
    await users.add('alice', 'alice-secret');
    expect(users.get('alice')).toMatchObject({
      accessKey: 'alice',
      secretKey: 'alice-secret',
      status: 'enabled',
    });
    await users.add('alice', 'alice-secret-2', 'disabled');
    expect(users.get('alice')).toMatchObject({ secretKey: 'alice-secret-2', status: 'disabled' });
    expect(store.docs.has(`${IAM_PATHS.users}/alice.json`)).toBe(true);
    await users.add('bob', 'bob-secret');
    expect(Object.keys(users.list())).toEqual(['alice', 'bob']);
    expect(users.info('bob')).toEqual({ status: 'enabled', updatedAt: expect.any(String) });
  });

  it('validates keys, status and refuses the root user', async () => {
    const { users } = testIam();
    await expect(users.add('ab', 'long-enough')).rejects.toThrow('access key must be at least 3 characters');
    await expect(users.add('carol', 'short')).rejects.toThrow('secret key must be at least 8 characters');
    await expect(users.add(' carol', 'long-enough')).rejects.toThrow('must not begin or end with spaces');
    // @ts-expect-error: an invalid status from an untyped caller
    await expect(users.add('carol', 'long-enough', 'paused')).rejects.toThrow("invalid user status 'paused'");
    await expect(users.add(TEST_ROOT.accessKey, 'long-enough')).rejects.toMatchObject({
      code: 'XMinioAdminInvalidArgument',
      message: 'the root user cannot be added or changed',
    });
    expect(users.has('carol')).toBe(false);
  });

  it('changes status; refuses root, unknown users and unknown statuses', async () => {
    const { users } = testIam();
    await users.add('alice', 'alice-secret');
    await users.setStatus('alice', 'disabled');
    expect(users.isEnabled('alice')).toBe(false);
    expect(users.canActFor('alice')).toBe(false);
    expect(users.canActFor(TEST_ROOT.accessKey)).toBe(true);
    await expect(users.setStatus('alice', 'off')).rejects.toThrow("invalid user status 'off'");
    await expect(users.setStatus(TEST_ROOT.accessKey, 'disabled')).rejects.toThrow(
      'the root user cannot be disabled',
    );
    await expect(users.setStatus('nobody', 'enabled')).rejects.toMatchObject({
      code: 'XMinioAdminNoSuchUser',
    });
    expect(() => users.info('nobody')).toThrow(expect.objectContaining({ code: 'XMinioAdminNoSuchUser' }));
  });

  it('shows attached policies and group memberships in the info', async () => {
    const { users, groups, mappings } = testIam();
    await users.add('alice', 'alice-secret');
    await groups.updateMembers('zeta', ['alice'], false);
    await groups.updateMembers('alpha', ['alice'], false);
    await mappings.set(['readonly', 'diagnostics'], 'alice', false);
    expect(users.info('alice')).toMatchObject({
      policyName: 'readonly,diagnostics',
      memberOf: ['alpha', 'zeta'],
    });
  });

  it('will not take an access key held by a service account, nor remove one as a user', async () => {
    const { users, serviceAccounts } = testIam();
    await users.add('alice', 'alice-secret');
    await serviceAccounts.add({ parentUser: 'alice', accessKey: 'alice-sa', secretKey: 'alice-sa-secret' });
    await expect(users.add('alice-sa', 'whatever-secret')).rejects.toThrow(
      'access key is already used by a service account or STS session',
    );
    await expect(users.remove('alice-sa')).rejects.toMatchObject({
      code: 'XMinioIAMActionNotAllowed',
      message: 'service accounts and STS credentials are not users',
    });
  });

  it('removing a user removes their service accounts, sessions, memberships and policy mapping', async () => {
    const { users, groups, mappings, serviceAccounts, sessions, store } = testIam();
    await users.add('alice', 'alice-secret');
    await users.add('bob', 'bob-secret');
    await groups.updateMembers('devs', ['alice', 'bob'], false);
    await mappings.set(['readonly'], 'alice', false);
    await serviceAccounts.add({ parentUser: 'alice', accessKey: 'alice-sa', secretKey: 'alice-sa-secret' });
    const sts = await sessions.create({ parentUser: 'alice', durationSeconds: 3600, source: 'AssumeRole' });
    await users.remove('alice');
    expect(users.has('alice')).toBe(false);
    expect(serviceAccounts.has('alice-sa')).toBe(false);
    expect(sessions.has(sts.accessKey)).toBe(false);
    expect(groups.describe('devs').members).toEqual(['bob']);
    expect(mappings.of('alice', false)).toEqual([]);
    expect([...store.docs.keys()].filter((k) => k.includes('alice') || k.includes(sts.accessKey))).toEqual(
      [],
    );
    await expect(users.remove('alice')).rejects.toMatchObject({ code: 'XMinioAdminNoSuchUser' });
  });
});
