// SPDX-License-Identifier: Apache-2.0
import { signRequest } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testService } from '../../../../test-services/index.js';
import { oidcLogin } from '../../../../test-services/oidc-login.js';
import type { OidcProviderInfo } from '../../../../test-services/services/oidc-provider.js';
import type { SlapdInfo } from '../../../../test-services/services/slapd.js';
import { buildGoProgram, type GoProgram } from '../../../madmin/src/testing/go-program.js';
import type { StoreHandle } from '../server.js';
import {
  bucketPolicy,
  type IdentityStore,
  ldapConfigLine,
  openIdConfigLine,
  startIdentityStore,
} from './testing/identity-config.js';

// MinIO's own Go SDK against the store's STS: minio-go's WebIdentity and LDAPIdentity credential
// providers (conformance/go/src/sts-identity) sign in with a real oidc-provider token and a slapd user,
// then write where their policy allows and are refused elsewhere; refused sign-ins issue nothing.

const ROOT = { accessKey: 'go-sts-root', secretKey: 'go-sts-root-secret' };
let identity: IdentityStore;
let store: StoreHandle;
let program: GoProgram;
let idp: OidcProviderInfo;
let ldap: SlapdInfo;

async function run(...args: string[]): Promise<string> {
  return (await program.run([store.url, ...args], '')).toString();
}

beforeAll(async () => {
  [program, idp, ldap] = await Promise.all([
    buildGoProgram('sts-identity'),
    testService<OidcProviderInfo>('oidc-provider'),
    testService<SlapdInfo>('slapd'),
  ]);
  identity = await startIdentityStore('go-sts', ROOT);
  store = identity.store;
  const admin = identity.admin;
  await admin.setConfigKV(openIdConfigLine(idp));
  await admin.setConfigKV(ldapConfigLine(ldap, ldap.serverAddr));
  await admin.addCannedPolicy('sso-alice', bucketPolicy('go-sso'));
  await admin.addCannedPolicy('go-ldap', bucketPolicy('go-ldap'));
  await admin.attachPolicyLDAP({ policies: ['go-ldap'], user: ldap.directory.users.alice.dn });
  // Buckets through S3 as root: signed with the madmin package's SigV4.
  for (const b of ['go-sso', 'go-ldap', 'go-other']) {
    const url = new URL(`${store.url}/${b}`);
    const headers = signRequest({ method: 'PUT', url, ...ROOT, region: 'us-east-1', service: 's3' });
    expect((await fetch(url, { method: 'PUT', headers })).status).toBe(200);
  }
}, 300_000);

afterAll(async () => {
  await identity?.close();
});

describe('minio-go STS credential providers', { timeout: 120_000 }, () => {
  it('WebIdentity: an oidc-provider token gives credentials held to its policy claim', async () => {
    const token = (await oidcLogin(idp, 'alice')).id_token;
    const out = await run('web', token, 'go-sso', 'go-other');
    expect(out).toContain('PASS web-retrieve');
    expect(out).toContain('PASS web-put-allowed');
    expect(out).toContain('PASS web-put-denied');
  });

  it('LDAPIdentity: a directory user gets the policies attached to their DN', async () => {
    const out = await run('ldap', 'alice', ldap.directory.users.alice.password, 'go-ldap', 'go-other');
    expect(out).toContain('PASS ldap-put-allowed');
    expect(out).toContain('PASS ldap-put-denied');
  });

  it('madmin-go attaches a policy to a group DN and reads the LDAP mappings (GetLDAPPolicyEntities)', async () => {
    const d = ldap.directory;
    const out = await run('ldap-entities', ROOT.accessKey, ROOT.secretKey, 'go-ldap', d.groups.staff);
    expect(out).toContain('PASS ldap-attach');
    expect(out).toContain('PASS ldap-detach');
    const line = out.split('\n').find((l) => l.startsWith('ENTITIES ')) ?? '';
    const entities = JSON.parse(line.slice('ENTITIES '.length));
    expect(entities.userMappings).toEqual([{ user: d.users.alice.dn, policies: ['go-ldap'] }]);
    expect(entities.groupMappings).toEqual([{ group: d.groups.staff, policies: ['go-ldap'] }]);
    expect(entities.policyMappings).toEqual([
      { policy: 'go-ldap', users: [d.users.alice.dn], groups: [d.groups.staff] },
    ]);
    expect(Date.parse(entities.timestamp)).not.toBeNaN();
  });

  it('refused sign-ins issue no credentials', async () => {
    expect(await run('ldap-refused', 'alice', 'wrong-password')).toMatch(
      /INFO .*LDAP sign-in failed: the username or password is not valid[\s\S]*PASS ldap-refused/,
    );
    const token = (await oidcLogin(idp, 'alice')).id_token;
    const [h, p] = token.split('.');
    expect(await run('web-refused', `${h}.${p}.${'A'.repeat(342)}`)).toMatch(
      /INFO .*signature[\s\S]*PASS web-refused/,
    );
  });
});
