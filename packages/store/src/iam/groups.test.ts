// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { IAM_PATHS } from './persistence.js';
import { testIam } from './testing/parts.js';

async function withUsers(...names: string[]): Promise<ReturnType<typeof testIam>> {
  const iam = testIam();
  for (const n of names) await iam.users.add(n, `${n}-secret`);
  return iam;
}

describe('Groups', () => {
  it('creates a group by adding members, adds more without duplicates, and removes members', async () => {
    const { groups } = await withUsers('alice', 'bob');
    await groups.updateMembers('devs', ['alice'], false);
    await groups.updateMembers('devs', ['alice', 'bob'], false);
    expect(groups.describe('devs')).toMatchObject({
      name: 'devs',
      status: 'enabled',
      members: ['alice', 'bob'],
    });
    await groups.updateMembers('devs', ['alice'], true);
    expect(groups.describe('devs').members).toEqual(['bob']);
    expect(groups.list()).toEqual(['devs']);
  });

  it('can create a group disabled, and keeps an existing group status when members are added', async () => {
    const { groups } = await withUsers('alice');
    await groups.updateMembers('ops', [], false, 'disabled');
    expect(groups.describe('ops')).toMatchObject({ status: 'disabled', members: [] });
    await groups.updateMembers('ops', ['alice'], false, 'enabled');
    expect(groups.describe('ops').status).toBe('disabled');
  });

  it('refuses unknown members, bad names, bad statuses and unknown groups', async () => {
    const { groups } = await withUsers('alice');
    await expect(groups.updateMembers('devs', ['ghost'], false)).rejects.toMatchObject({
      code: 'XMinioAdminNoSuchUser',
      message: 'The specified user does not exist: ghost',
    });
    await expect(groups.updateMembers('', ['alice'], false)).rejects.toThrow('group name must not be empty');
    await expect(groups.updateMembers('devs', ['alice'], false, 'paused')).rejects.toThrow(
      "invalid group status 'paused'",
    );
    await expect(groups.updateMembers('devs', ['alice'], true)).rejects.toMatchObject({
      code: 'XMinioAdminNoSuchGroup',
    });
    await expect(groups.setStatus('devs', 'enabled')).rejects.toMatchObject({
      code: 'XMinioAdminNoSuchGroup',
    });
    expect(() => groups.describe('devs')).toThrow(
      expect.objectContaining({ code: 'XMinioAdminNoSuchGroup' }),
    );
  });

  it('deletes only an empty group, together with its policy mapping', async () => {
    const { groups, mappings, store } = await withUsers('alice');
    await groups.updateMembers('devs', ['alice'], false);
    await mappings.set(['readonly'], 'devs', true);
    expect(groups.describe('devs').policy).toBe('readonly');
    await expect(groups.updateMembers('devs', [], true)).rejects.toMatchObject({
      code: 'XMinioAdminGroupNotEmpty',
    });
    await groups.updateMembers('devs', ['alice'], true);
    await groups.updateMembers('devs', [], true);
    expect(groups.has('devs')).toBe(false);
    expect(mappings.of('devs', true)).toEqual([]);
    expect(store.docs.has(`${IAM_PATHS.groups}/devs.json`)).toBe(false);
    expect(store.docs.has(`${IAM_PATHS.groupPolicies}/devs.json`)).toBe(false);
  });

  it('tells all groups of a user apart from the enabled ones', async () => {
    const { groups } = await withUsers('alice');
    await groups.updateMembers('devs', ['alice'], false);
    await groups.updateMembers('ops', ['alice'], false);
    await groups.setStatus('ops', 'disabled');
    await expect(groups.setStatus('ops', 'off')).rejects.toThrow("invalid group status 'off'");
    expect(groups.memberOf('alice')).toEqual(['devs', 'ops']);
    expect(groups.enabledGroupsOf('alice')).toEqual(['devs']);
  });

  it('takes a user out of every group when asked (user removal)', async () => {
    const { groups, users, ctx } = await withUsers('alice', 'bob');
    await groups.updateMembers('devs', ['alice', 'bob'], false);
    await groups.updateMembers('ops', ['alice'], false);
    await ctx.serial(() => groups.removeMember('alice'));
    expect(groups.memberOf('alice')).toEqual([]);
    expect(groups.describe('ops').members).toEqual([]);
    await users.remove('bob');
    expect(groups.describe('devs').members).toEqual([]);
  });
});
