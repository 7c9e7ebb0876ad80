// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { IAM_PATHS } from './persistence.js';
import { TEST_ROOT, testIam } from './testing/parts.js';

async function setup(): Promise<ReturnType<typeof testIam>> {
  const iam = testIam();
  await iam.users.add('alice', 'alice-secret');
  await iam.users.add('bob', 'bob-secret');
  await iam.groups.updateMembers('devs', ['alice'], false);
  return iam;
}

describe('PolicyMappings', () => {
  it('sets and clears the policies of users and groups, on disk too', async () => {
    const { mappings, store } = await setup();
    await mappings.set(['readonly', 'diagnostics'], 'alice', false);
    await mappings.set(['readwrite'], 'devs', true);
    expect(mappings.of('alice', false)).toEqual(['readonly', 'diagnostics']);
    expect(mappings.of('devs', true)).toEqual(['readwrite']);
    expect(store.docs.has(`${IAM_PATHS.userPolicies}/alice.json`)).toBe(true);
    await mappings.set([], 'alice', false);
    expect(mappings.of('alice', false)).toEqual([]);
    expect(store.docs.has(`${IAM_PATHS.userPolicies}/alice.json`)).toBe(false);
  });

  it('refuses unknown entities, root and unknown policies', async () => {
    const { mappings } = await setup();
    await expect(mappings.set(['readonly'], 'ghost', false)).rejects.toMatchObject({
      code: 'XMinioAdminNoSuchUser',
    });
    await expect(mappings.set(['readonly'], 'ghosts', true)).rejects.toMatchObject({
      code: 'XMinioAdminNoSuchGroup',
    });
    await expect(mappings.set(['readonly'], TEST_ROOT.accessKey, false)).rejects.toThrow(
      'policies cannot be attached to the root user',
    );
    await expect(mappings.set(['readonly', 'nope'], 'alice', false)).rejects.toMatchObject({
      code: 'XMinioAdminNoSuchPolicy',
      message: 'The canned policy does not exist: nope',
    });
    expect(mappings.of('alice', false)).toEqual([]);
  });

  it('attaches without duplicates and detaches, returning the resulting list', async () => {
    const { mappings } = await setup();
    expect(await mappings.attachDetach(true, ['readonly'], 'alice', false)).toEqual(['readonly']);
    expect(await mappings.attachDetach(true, ['readonly', 'diagnostics'], 'alice', false)).toEqual([
      'readonly',
      'diagnostics',
    ]);
    expect(await mappings.attachDetach(false, ['readonly', 'writeonly'], 'alice', false)).toEqual([
      'diagnostics',
    ]);
    await expect(mappings.attachDetach(false, ['writeonly'], 'alice', false)).rejects.toThrow(
      'policy writeonly is not attached to user alice',
    );
    await expect(mappings.attachDetach(false, ['writeonly'], 'devs', true)).rejects.toThrow(
      'policy writeonly is not attached to group devs',
    );
    await expect(mappings.attachDetach(true, [], 'alice', false)).rejects.toThrow('no policies given');
    await expect(mappings.attachDetach(true, ['nope'], 'alice', false)).rejects.toMatchObject({
      code: 'XMinioAdminNoSuchPolicy',
    });
  });

  it('reports whether a policy is attached anywhere', async () => {
    const { mappings } = await setup();
    expect(mappings.isAttached('readwrite')).toBe(false);
    await mappings.set(['readwrite'], 'devs', true);
    expect(mappings.isAttached('readwrite')).toBe(true);
  });

  it('lists policy entities, all of them or filtered', async () => {
    const { mappings } = await setup();
    await mappings.set(['readonly', 'diagnostics'], 'bob', false);
    await mappings.set(['readonly'], 'alice', false);
    await mappings.set(['readwrite'], 'devs', true);
    const all = mappings.entities({ users: [], groups: [], policies: [] });
    expect(all).toEqual({
      timestamp: expect.any(String),
      userMappings: [
        { user: 'alice', policies: ['readonly'] },
        { user: 'bob', policies: ['readonly', 'diagnostics'] },
      ],
      groupMappings: [{ group: 'devs', policies: ['readwrite'] }],
      policyMappings: [
        { policy: 'diagnostics', users: ['bob'], groups: [] },
        { policy: 'readonly', users: ['alice', 'bob'], groups: [] },
        { policy: 'readwrite', users: [], groups: ['devs'] },
      ],
    });
    const filtered = mappings.entities({ users: ['alice', 'ghost'], groups: [], policies: ['readwrite'] });
    expect(filtered).toEqual({
      timestamp: expect.any(String),
      userMappings: [{ user: 'alice', policies: ['readonly'] }],
      policyMappings: [{ policy: 'readwrite', users: [], groups: ['devs'] }],
    });
    expect(mappings.entities({ users: ['ghost'], groups: [], policies: [] })).toEqual({
      timestamp: expect.any(String),
    });
  });
});
