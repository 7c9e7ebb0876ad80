// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { reloadIam } from './assembly.js';
import { IAM_PATHS } from './persistence.js';
import { allowPolicy, testIam } from './testing/parts.js';

describe('reloadIam', () => {
  it('restores everything from the same system store', async () => {
    const first = testIam();
    await first.users.add('alice', 'alice-secret');
    await first.users.add('bob', 'bob-secret', 'disabled');
    await first.groups.updateMembers('devs', ['alice', 'bob'], false);
    await first.groups.updateMembers('ops', [], false, 'disabled');
    await first.policies.add('getter', allowPolicy('s3:GetObject'));
    await first.mappings.set(['getter', 'diagnostics'], 'alice', false);
    await first.mappings.set(['readonly'], 'devs', true);
    await first.serviceAccounts.add({
      parentUser: 'alice',
      accessKey: 'alice-sa',
      secretKey: 'alice-sa-secret',
      policy: allowPolicy('s3:GetObject'),
      comment: 'ci',
    });
    const sts = await first.sessions.create({
      parentUser: 'alice',
      durationSeconds: 900,
      source: 'AssumeRole',
      claims: { team: 'a' },
    });

    const second = testIam(first.store);
    await reloadIam(second);
    expect(second.users.list()).toEqual(first.users.list());
    expect(second.users.get('alice')).toEqual(first.users.get('alice'));
    expect(second.groups.list()).toEqual(['devs', 'ops']);
    expect(second.groups.describe('devs')).toEqual(first.groups.describe('devs'));
    expect(second.groups.describe('ops')).toEqual(first.groups.describe('ops'));
    expect(second.policies.get('getter')).toEqual(first.policies.get('getter'));
    expect(second.mappings.entities({ users: [], groups: [], policies: [] })).toEqual({
      ...first.mappings.entities({ users: [], groups: [], policies: [] }),
      timestamp: expect.any(String),
    });
    expect(second.serviceAccounts.get('alice-sa')).toEqual(first.serviceAccounts.get('alice-sa'));
    expect(second.sessions.find(sts.accessKey)?.record).toEqual(first.sessions.find(sts.accessKey)?.record);
    expect(await second.credentials.lookup(sts.accessKey)).toEqual(
      await first.credentials.lookup(sts.accessKey),
    );
    expect(second.effective.namesOf('alice')).toEqual(['getter', 'diagnostics', 'readonly']);
  });

  it('replaces what was in memory and reports unreadable documents without secrets', async () => {
    const iam = testIam();
    await iam.users.add('alice', 'alice-secret');
    iam.store.docs.delete(`${IAM_PATHS.users}/alice.json`);
    iam.store.docs.set(`${IAM_PATHS.groups}/devs.json`, Buffer.from('{oops'));
    iam.store.docs.set(
      `${IAM_PATHS.serviceAccounts}/bad-sa.json`,
      Buffer.from(
        JSON.stringify({ accessKey: 'bad-sa', secretKey: 'sekrit-value', sessionPolicy: { x: 1 } }),
      ),
    );
    const warnings: string[] = [];
    await reloadIam(iam, (m) => warnings.push(m));
    expect(iam.users.has('alice')).toBe(false);
    expect(iam.serviceAccounts.has('bad-sa')).toBe(false);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^IAM: skipping unreadable iam\/groups\/devs\.json: /);
    expect(warnings[1]).toMatch(/^IAM: skipping unreadable service account bad-sa: /);
    expect(warnings.join('\n')).not.toContain('sekrit-value');
  });
});
