// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { allowPolicy, TEST_ROOT, testIam } from './testing/parts.js';
import type { Identity } from './types.js';

const user = (name: string): Identity => ({ kind: 'user', accessKey: name, parentUser: name });

function actionsOf(doc: Record<string, unknown>): unknown[] {
  return (doc.Statement as { Action?: unknown }[]).flatMap((s) => s.Action ?? []);
}

async function setup(): Promise<ReturnType<typeof testIam>> {
  const iam = testIam();
  await iam.users.add('alice', 'alice-secret');
  await iam.policies.add('getter', allowPolicy('s3:GetObject'));
  await iam.policies.add('putter', allowPolicy('s3:PutObject'));
  await iam.policies.add('lister', allowPolicy('s3:ListBucket'));
  await iam.mappings.set(['getter'], 'alice', false);
  await iam.groups.updateMembers('devs', ['alice'], false);
  await iam.groups.updateMembers('ops', ['alice'], false);
  await iam.mappings.set(['putter', 'getter'], 'devs', true);
  await iam.mappings.set(['lister'], 'ops', true);
  return iam;
}

describe('EffectivePolicies', () => {
  it("gives a user their own policies and their enabled groups', without duplicates", async () => {
    const { effective, groups } = await setup();
    expect(effective.namesOf('alice')).toEqual(['getter', 'putter', 'lister']);
    expect(effective.ofUser('alice')).toHaveLength(3);
    await groups.setStatus('ops', 'disabled');
    expect(effective.namesOf('alice')).toEqual(['getter', 'putter']);
    expect(effective.ofUser('alice')).toHaveLength(2);
  });

  it('drops cached policies on any change and skips names that no longer exist', async () => {
    const { effective, mappings, policies } = await setup();
    const before = effective.ofUser('alice');
    expect(effective.ofUser('alice')).toBe(before);
    await mappings.set([], 'ops', true);
    await policies.remove('lister');
    expect(effective.ofUser('alice')).not.toBe(before);
    expect(effective.ofUser('alice')).toHaveLength(2);
  });

  it('describes root as the built-in consoleAdmin, even when that policy was redefined', async () => {
    const { effective, policies, serviceAccounts } = await setup();
    await policies.add('consoleAdmin', allowPolicy('s3:GetObject'));
    const root = effective.document({
      kind: 'root',
      accessKey: TEST_ROOT.accessKey,
      parentUser: TEST_ROOT.accessKey,
    });
    expect(actionsOf(root)).toContain('admin:*');
    await serviceAccounts.add({ parentUser: TEST_ROOT.accessKey, accessKey: 'root-sa' });
    const rootSa = effective.document({
      kind: 'service-account',
      accessKey: 'root-sa',
      parentUser: TEST_ROOT.accessKey,
    });
    expect(rootSa).toEqual(root);
  });

  it('describes users by their merged policies and derived credentials by their session policy', async () => {
    const { effective, serviceAccounts, sessions } = await setup();
    expect(actionsOf(effective.document(user('alice')))).toEqual([
      's3:GetObject',
      's3:PutObject',
      's3:ListBucket',
    ]);
    await serviceAccounts.add({
      parentUser: 'alice',
      accessKey: 'narrow-sa',
      policy: allowPolicy('s3:GetObject'),
    });
    const sa: Identity = { kind: 'service-account', accessKey: 'narrow-sa', parentUser: 'alice' };
    expect(effective.session(sa)?.raw).toEqual(JSON.parse(allowPolicy('s3:GetObject')));
    expect(actionsOf(effective.document(sa))).toEqual(['s3:GetObject']);
    const s = await sessions.create({ parentUser: 'alice', durationSeconds: 60, source: 'AssumeRole' });
    const sts: Identity = { kind: 'sts', accessKey: s.accessKey, parentUser: 'alice' };
    expect(effective.session(sts)).toBeNull();
    expect(effective.external(sts)).toBeNull();
    expect(effective.document(sts)).toEqual(effective.document(user('alice')));
    expect(effective.document({ kind: 'anonymous', accessKey: '', parentUser: '' })).toEqual({
      Version: '2012-10-17',
      Statement: [],
    });
  });

  it("gives an external STS session its provider's policies", async () => {
    const { effective, sessions } = await setup();
    const s = await sessions.create({
      parentUser: 'oidc-subject',
      durationSeconds: 60,
      source: 'AssumeRoleWithWebIdentity',
      externalPolicies: ['putter', 'missing'],
    });
    const sts: Identity = { kind: 'sts', accessKey: s.accessKey, parentUser: 'oidc-subject' };
    expect(effective.external(sts)).toHaveLength(1);
    expect(actionsOf(effective.document(sts))).toEqual(['s3:PutObject']);
    expect(effective.external(user('alice'))).toBeNull();
  });
});
