// SPDX-License-Identifier: Apache-2.0
import { assumeRoleWithLDAPIdentity, MadminClient, MadminError, type StsCredentials } from '@stowage/madmin';
import { Client as S3Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testService } from '../../../../test-services/index.js';
import type { SlapdInfo } from '../../../../test-services/services/slapd.js';
import type { StoreHandle } from '../server.js';
import {
  bucketPolicy,
  type IdentityStore,
  type LDAP_TLS_MODES,
  ldapConfigLine,
  startIdentityStore,
} from './testing/identity-config.js';

// STS AssumeRoleWithLDAPIdentity against Debian's slapd (test-services): lookup bind, user search,
// bind as the user, group search; policies attached to DNs through idp/ldap/policy/attach decide what
// the credentials may do. Plain LDAP, StartTLS and LDAPS are each used.

const ROOT = { accessKey: 'ldap-sts-root', secretKey: 'ldap-sts-root-secret' };
let identity: IdentityStore;
let store: StoreHandle;
let ldap: SlapdInfo;
let admin: MadminClient;

function s3(c: StsCredentials | { accessKey: string; secretKey: string }): S3Client {
  const keys =
    'AccessKeyId' in c
      ? { accessKey: c.AccessKeyId, secretKey: c.SecretAccessKey, sessionToken: c.SessionToken }
      : { ...c, sessionToken: '' };
  const url = new URL(store.url);
  return new S3Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    ...keys,
    region: 'us-east-1',
  });
}

function ldapLogin(user: string, password: string): Promise<StsCredentials> {
  return assumeRoleWithLDAPIdentity({ endpoint: store.url, ldapUsername: user, ldapPassword: password });
}

async function failure(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof MadminError)) throw new Error(`expected a MadminError, got ${String(err)}`);
  return `${err.code}: ${err.message}`;
}

function ldapConfig(serverAddr: string, mode: keyof typeof LDAP_TLS_MODES): string {
  return ldapConfigLine(ldap, serverAddr, mode);
}

beforeAll(async () => {
  ldap = await testService<SlapdInfo>('slapd');
  identity = await startIdentityStore('ldap-sts', ROOT);
  ({ store, admin } = identity);
  const root = s3(ROOT);
  await root.makeBucket('ldap-alice');
  await root.makeBucket('ldap-audit');
  await root.putObject('ldap-audit', 'report.txt', Buffer.from('numbers'));
  await admin.addCannedPolicy('ldap-alice-rw', bucketPolicy('ldap-alice', ['s3:*']));
  await admin.addCannedPolicy('ldap-audit-ro', bucketPolicy('ldap-audit', ['s3:GetObject', 's3:ListBucket']));
  const set = await admin.setConfigKV(ldapConfig(ldap.serverAddr, 'plain'));
  expect(set.restartRequired).toBe(false);
}, 60_000);

afterAll(async () => {
  await identity?.close();
});

describe('AssumeRoleWithLDAPIdentity with slapd', { timeout: 60_000 }, () => {
  it('attaches policies to user and group DNs, and only to DNs the directory has', async () => {
    const d = ldap.directory;
    await admin.attachPolicyLDAP({ policies: ['ldap-alice-rw'], user: d.users.alice.dn });
    await admin.attachPolicyLDAP({ policies: ['ldap-audit-ro'], group: d.groups.auditors });
    expect(
      await failure(
        admin.attachPolicyLDAP({ policies: ['ldap-alice-rw'], user: `uid=nobody,${d.usersBase}` }),
      ),
    ).toMatch(/XMinioAdminInvalidArgument: the user DN 'uid=nobody,.*' was not found in the LDAP directory/);
    expect(
      await failure(admin.attachPolicyLDAP({ policies: ['no-such-policy'], user: d.users.alice.dn })),
    ).toMatch(/^XMinioAdminNoSuchPolicy: /);
  });

  it('lists the policy mappings of directory DNs only (idp/ldap/policy-entities), filtered as asked', async () => {
    const d = ldap.directory;
    // A built-in user's mapping lives in the same policy DB; the LDAP listing leaves it out.
    await admin.addUser('builtin-reader', 'builtin-reader-secret');
    await admin.attachPolicy({ policies: ['ldap-audit-ro'], user: 'builtin-reader' });
    const all = await admin.getLDAPPolicyEntities();
    expect(all.userMappings).toEqual([{ user: d.users.alice.dn, policies: ['ldap-alice-rw'] }]);
    expect(all.groupMappings).toEqual([{ group: d.groups.auditors, policies: ['ldap-audit-ro'] }]);
    expect(all.policyMappings).toEqual([
      { policy: 'ldap-alice-rw', users: [d.users.alice.dn], groups: [] },
      { policy: 'ldap-audit-ro', users: [], groups: [d.groups.auditors] },
    ]);
    expect((await admin.getPolicyEntities({ users: ['builtin-reader'] })).userMappings).toEqual([
      { user: 'builtin-reader', policies: ['ldap-audit-ro'] },
    ]);
    const byGroup = await admin.getLDAPPolicyEntities({ groups: [d.groups.auditors] });
    expect(byGroup.userMappings).toBeUndefined();
    expect(byGroup.groupMappings).toEqual([{ group: d.groups.auditors, policies: ['ldap-audit-ro'] }]);
    await admin.removeUser('builtin-reader');
    // Without LDAP there is nothing to list, as MinIO answers.
    await admin.delConfigKV('identity_ldap');
    expect(await failure(admin.getLDAPPolicyEntities())).toMatch(
      /^XMinioIAMActionNotAllowed: LDAP is not configured on this server/,
    );
    await admin.setConfigKV(ldapConfig(ldap.serverAddr, 'plain'));
  });

  it('signs a user in with the policies of their DN, enforced by the store', async () => {
    const creds = await ldapLogin('alice', ldap.directory.users.alice.password);
    const alice = s3(creds);
    await alice.putObject('ldap-alice', 'mine.txt', Buffer.from('mine'));
    await expect(alice.getObject('ldap-audit', 'report.txt')).rejects.toMatchObject({ code: 'AccessDenied' });
  });

  it("signs a user in with the policies of their groups' DNs", async () => {
    const bob = s3(await ldapLogin('bob', ldap.directory.users.bob.password));
    const body = await bob.getObject('ldap-audit', 'report.txt');
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('numbers');
    await expect(bob.putObject('ldap-audit', 'x.txt', Buffer.from('x'))).rejects.toMatchObject({
      code: 'AccessDenied',
    });
  });

  it('refuses a wrong password, an unknown user and a user without any policy', async () => {
    expect(await failure(ldapLogin('alice', 'wrong'))).toBe(
      'AccessDenied: LDAP sign-in failed: the username or password is not valid',
    );
    expect(await failure(ldapLogin('mallory', 'whatever'))).toBe(
      'AccessDenied: LDAP sign-in failed: the username or password is not valid',
    );
    expect(await failure(ldapLogin('carol', ldap.directory.users.carol.password))).toMatch(
      /^AccessDenied: no policy is attached to the LDAP user uid=carol,ou=people,dc=stowage,dc=test/,
    );
    // A filter metacharacter in the name cannot widen the search to someone else's entry.
    expect(await failure(ldapLogin('*', ldap.directory.users.alice.password))).toMatch(/^AccessDenied: /);
  });

  it('detaching the policy takes the access away at the next sign-in', async () => {
    const d = ldap.directory;
    await admin.attachPolicyLDAP({ policies: ['ldap-audit-ro'], user: d.users.carol.dn });
    await ldapLogin('carol', d.users.carol.password);
    await admin.detachPolicyLDAP({ policies: ['ldap-audit-ro'], user: d.users.carol.dn });
    expect(await failure(ldapLogin('carol', d.users.carol.password))).toMatch(/^AccessDenied: no policy/);
  });

  it('an LDAP user makes a service account that keeps their directory policies', async () => {
    const creds = await ldapLogin('alice', ldap.directory.users.alice.password);
    const own = new MadminClient({
      endpoint: store.url,
      accessKey: creds.AccessKeyId,
      secretKey: creds.SecretAccessKey,
      sessionToken: creds.SessionToken,
    });
    const sa = await own.addServiceAccount({ comment: 'alice from LDAP' });
    const keys = s3({ accessKey: sa.accessKey, secretKey: sa.secretKey });
    await keys.putObject('ldap-alice', 'from-sa.txt', Buffer.from('sa'));
    await expect(keys.getObject('ldap-audit', 'report.txt')).rejects.toMatchObject({ code: 'AccessDenied' });
    expect((await own.listServiceAccounts()).accounts).toEqual([sa.accessKey]);
  });

  it('works over StartTLS and LDAPS, and says when the directory cannot be reached', async () => {
    const alice = ldap.directory.users.alice;
    await admin.setConfigKV(ldapConfig(ldap.serverAddr, 'starttls'));
    expect((await ldapLogin('alice', alice.password)).AccessKeyId).toMatch(/^[A-Z0-9]{20}$/);
    await admin.setConfigKV(ldapConfig(ldap.tlsServerAddr, 'ldaps'));
    expect((await ldapLogin('alice', alice.password)).AccessKeyId).toMatch(/^[A-Z0-9]{20}$/);
    // The self-signed certificate is refused when it is to be verified.
    await admin.setConfigKV(ldapConfig(ldap.tlsServerAddr, 'ldapsVerified'));
    expect(await failure(ldapLogin('alice', alice.password))).toMatch(
      /^IDPCommunicationError: the LDAP server 127\.0\.0\.1:\d+ could not be used: /,
    );
    await admin.setConfigKV(ldapConfig(ldap.serverAddr, 'plain'));
  });
});
