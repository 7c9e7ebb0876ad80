// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { TEST_ROOT, testIam } from './testing/parts.js';

async function setup(): Promise<ReturnType<typeof testIam>> {
  const iam = testIam();
  await iam.users.add('alice', 'alice-secret');
  await iam.serviceAccounts.add({ parentUser: 'alice', accessKey: 'alice-sa', secretKey: 'alice-sa-secret' });
  return iam;
}

describe('CredentialResolver', () => {
  it('resolves root, users and service accounts to their secret and identity', async () => {
    const { credentials } = await setup();
    expect(await credentials.lookup(TEST_ROOT.accessKey)).toEqual({
      secretKey: TEST_ROOT.secretKey,
      identity: { kind: 'root', accessKey: TEST_ROOT.accessKey, parentUser: TEST_ROOT.accessKey },
    });
    expect(await credentials.lookup('alice')).toEqual({
      secretKey: 'alice-secret',
      identity: { kind: 'user', accessKey: 'alice', parentUser: 'alice' },
    });
    expect(await credentials.lookup('alice-sa')).toEqual({
      secretKey: 'alice-sa-secret',
      identity: { kind: 'service-account', accessKey: 'alice-sa', parentUser: 'alice' },
    });
    expect(await credentials.lookup('')).toBeNull();
    expect(await credentials.lookup('nobody')).toBeNull();
  });

  it('refuses disabled users, disabled service accounts and those of a disabled parent', async () => {
    const { credentials, users, serviceAccounts } = await setup();
    await serviceAccounts.add({ parentUser: 'alice', accessKey: 'other-sa' });
    await serviceAccounts.update('other-sa', { status: 'off' });
    expect(await credentials.lookup('other-sa')).toBeNull();
    await users.setStatus('alice', 'disabled');
    expect(await credentials.lookup('alice')).toBeNull();
    expect(await credentials.lookup('alice-sa')).toBeNull();
  });

  it('resolves live STS sessions with their token and claims; not expired or orphaned ones', async () => {
    const { credentials, sessions, users } = await setup();
    const s = await sessions.create({
      parentUser: 'alice',
      durationSeconds: 60,
      claims: { team: 'a' },
      source: 'X',
    });
    expect(await credentials.lookup(s.accessKey)).toEqual({
      secretKey: s.secretKey,
      sessionToken: s.sessionToken,
      identity: { kind: 'sts', accessKey: s.accessKey, parentUser: 'alice', claims: { team: 'a' } },
    });
    const external = await sessions.create({
      parentUser: 'cn=someone',
      durationSeconds: 60,
      source: 'AssumeRoleWithLDAPIdentity',
      externalPolicies: ['readonly'],
    });
    expect((await credentials.lookup(external.accessKey))?.identity.parentUser).toBe('cn=someone');
    const expired = await sessions.create({ parentUser: 'alice', durationSeconds: -1, source: 'X' });
    expect(await credentials.lookup(expired.accessKey)).toBeNull();
    expect(credentials.kind(expired.accessKey)).toBeNull();
    await users.setStatus('alice', 'disabled');
    expect(await credentials.lookup(s.accessKey)).toBeNull();
    expect(await credentials.lookup(external.accessKey)).not.toBeNull();
  });

  it('names the kind of an access key regardless of status', async () => {
    const { credentials, sessions, users } = await setup();
    const s = await sessions.create({ parentUser: 'alice', durationSeconds: 60, source: 'X' });
    await users.setStatus('alice', 'disabled');
    expect(credentials.kind(TEST_ROOT.accessKey)).toBe('root');
    expect(credentials.kind('alice')).toBe('user');
    expect(credentials.kind('alice-sa')).toBe('service-account');
    expect(credentials.kind(s.accessKey)).toBe('sts');
    expect(credentials.kind('nobody')).toBeNull();
  });
});
