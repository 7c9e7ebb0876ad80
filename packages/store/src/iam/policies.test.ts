// SPDX-License-Identifier: Apache-2.0
import { CANNED_POLICY_NAMES } from '@stowage/policy';
import { describe, expect, it } from 'vitest';
import { IAM_PATHS } from './persistence.js';
import { allowPolicy, testIam } from './testing/parts.js';

describe('Policies', () => {
  it('starts with the built-in canned policies', () => {
    const { policies } = testIam();
    for (const name of CANNED_POLICY_NAMES) expect(policies.has(name)).toBe(true);
    expect(Object.keys(policies.list())).toEqual([...CANNED_POLICY_NAMES].sort());
    expect(policies.parsed('readonly')).toBeDefined();
    expect(policies.parsed('nope')).toBeUndefined();
  });

  it('adds a policy, keeps its creation date on replace, and persists it as written', async () => {
    const { policies, store } = testIam();
    await policies.add('getter', allowPolicy('s3:GetObject'));
    const first = policies.get('getter');
    expect(first.policy).toEqual(JSON.parse(allowPolicy('s3:GetObject')));
    await new Promise((r) => setTimeout(r, 5));
    await policies.add('getter', allowPolicy('s3:GetObject', 's3:PutObject'));
    const second = policies.get('getter');
    expect(second.createDate).toBe(first.createDate);
    expect(second.updateDate > first.updateDate).toBe(true);
    const doc = store.docs.get(`${IAM_PATHS.policies}/getter.json`);
    expect(JSON.parse(doc?.toString() ?? '{}')).toMatchObject({ name: 'getter', policy: second.policy });
  });

  it('refuses bad names and malformed documents', async () => {
    const { policies } = testIam();
    await expect(policies.add('a,b', allowPolicy('s3:GetObject'))).rejects.toThrow(
      'policy name must not contain commas',
    );
    await expect(policies.add('broken', '{"Statement": 3}')).rejects.toMatchObject({
      code: 'XMinioMalformedIAMPolicy',
    });
    expect(policies.has('broken')).toBe(false);
    expect(() => policies.get('broken')).toThrow(
      expect.objectContaining({ code: 'XMinioAdminNoSuchPolicy' }),
    );
  });

  it('removes a policy unless it is built in, unknown or attached', async () => {
    const { policies, users, mappings, store } = testIam();
    await policies.add('getter', allowPolicy('s3:GetObject'));
    await users.add('alice', 'alice-secret');
    await mappings.set(['getter'], 'alice', false);
    await expect(policies.remove('getter')).rejects.toMatchObject({ code: 'XMinioAdminPolicyInUse' });
    await mappings.set([], 'alice', false);
    await policies.remove('getter');
    expect(policies.has('getter')).toBe(false);
    expect(store.docs.has(`${IAM_PATHS.policies}/getter.json`)).toBe(false);
    await expect(policies.remove('getter')).rejects.toMatchObject({ code: 'XMinioAdminNoSuchPolicy' });
    await expect(policies.remove('readonly')).rejects.toThrow(
      "'readonly' is a built-in policy and cannot be removed",
    );
  });

  it('loads stored policies over the built-ins and skips ones that do not parse', () => {
    const { policies } = testIam();
    const warnings: string[] = [];
    const record = (name: string, policy: Record<string, unknown>) => ({
      name,
      policy,
      createDate: '2024-01-01T00:00:00.000Z',
      updateDate: '2024-01-01T00:00:00.000Z',
    });
    policies.load(
      [
        record('readonly', JSON.parse(allowPolicy('s3:GetObject'))),
        record('custom', JSON.parse(allowPolicy('s3:PutObject'))),
        record('bad', { Statement: 'nonsense' }),
      ],
      (what) => warnings.push(what),
    );
    expect(policies.get('readonly').createDate).toBe('2024-01-01T00:00:00.000Z');
    expect(policies.has('custom')).toBe(true);
    expect(policies.has('writeonly')).toBe(true);
    expect(policies.has('bad')).toBe(false);
    expect(warnings).toEqual(['policy bad']);
  });
});
