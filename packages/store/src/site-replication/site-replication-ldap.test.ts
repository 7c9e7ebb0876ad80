// SPDX-License-Identifier: Apache-2.0
import { assumeRoleWithLDAPIdentity } from '@stowage/madmin';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testService } from '../../../../test-services/index.js';
import type { SlapdInfo } from '../../../../test-services/services/slapd.js';
import { type Site, startSite, stopSites, waitFor } from '../replication/testing/two-stores.js';
import { bucketPolicy, ldapConfigLine } from '../sts/testing/identity-config.js';
import { peerSite, readAll, s3Client, srCall } from './testing/sites.js';

// Site replication of STS-mapped policies (issue 34): policies attached to LDAP DNs at one site reach the
// other — those made before the sites joined and those made after, attach and detach — and a directory
// user signing in at the other site gets what the mapping grants. Both sites use Debian's slapd.

let ldap: SlapdInfo;
let a: Site;
let b: Site;
const WAIT = 60_000;

/** What a directory user may do at a site: whether reading `bucket/key` works with its STS keys. */
async function ldapCanRead(site: Site, user: 'alice' | 'bob', bucket: string, key: string): Promise<boolean> {
  const creds = await assumeRoleWithLDAPIdentity({
    endpoint: site.store.url,
    ldapUsername: user,
    ldapPassword: ldap.directory.users[user].password,
  }).catch(() => null);
  if (creds === null) return false;
  const url = new URL(site.store.url);
  const client = new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: creds.AccessKeyId,
    secretKey: creds.SecretAccessKey,
    sessionToken: creds.SessionToken,
    region: 'us-east-1',
  });
  try {
    return (await readAll(await client.getObject(bucket, key))).length > 0;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  ldap = await testService<SlapdInfo>('slapd');
  [a, b] = await Promise.all([startSite(), startSite()]);
  for (const site of [a, b]) await site.admin.setConfigKV(ldapConfigLine(ldap, ldap.serverAddr, 'plain'));
  // Before joining, site a holds a bucket, a policy on it and that policy attached to alice's DN.
  await s3Client(a).makeBucket('ldap-shared');
  await s3Client(a).putObject('ldap-shared', 'note.txt', Buffer.from('for the directory'));
  await a.admin.addCannedPolicy('ldap-shared-ro', bucketPolicy('ldap-shared', ['s3:GetObject']));
  await a.admin.attachPolicyLDAP({ policies: ['ldap-shared-ro'], user: ldap.directory.users.alice.dn });
  await srCall(a.admin, 'PUT', '/site-replication/add', {
    body: [peerSite(a, 'site-a'), peerSite(b, 'site-b')],
    encrypt: true,
  });
}, 90_000);

afterAll(async () => {
  await stopSites(a, b);
});

describe('site replication of STS-mapped (LDAP) policies', { timeout: 120_000 }, () => {
  it('copies a DN mapping made before the join, and the directory user reads at the other site', async () => {
    await waitFor(
      async () =>
        (await b.admin.getLDAPPolicyEntities()).userMappings?.some(
          (m) => m.user === ldap.directory.users.alice.dn && (m.policies ?? []).includes('ldap-shared-ro'),
        ) ?? false,
      WAIT,
      "alice's mapping at site b",
    );
    await waitFor(() => ldapCanRead(b, 'alice', 'ldap-shared', 'note.txt'), WAIT, 'alice reading at b');
    // bob has no mapping anywhere: he cannot read at either site.
    expect(await ldapCanRead(b, 'bob', 'ldap-shared', 'note.txt')).toBe(false);
  });

  it('replicates a group DN attach made at the other site, then its detach', async () => {
    const auditors = ldap.directory.groups.auditors;
    await b.admin.attachPolicyLDAP({ policies: ['ldap-shared-ro'], group: auditors });
    await waitFor(
      async () =>
        (await a.admin.getLDAPPolicyEntities({ groups: [auditors] })).groupMappings?.[0]?.policies?.includes(
          'ldap-shared-ro',
        ) ?? false,
      WAIT,
      "the auditors' mapping at site a",
    );
    // bob is an auditor: the group's mapping made at b lets him read at a.
    await waitFor(() => ldapCanRead(a, 'bob', 'ldap-shared', 'note.txt'), WAIT, 'bob reading at a');

    await a.admin.detachPolicyLDAP({ policies: ['ldap-shared-ro'], group: auditors });
    await waitFor(
      async () => (await b.admin.getLDAPPolicyEntities({ groups: [auditors] })).groupMappings === undefined,
      WAIT,
      "the auditors' mapping gone at site b",
    );
    expect(await ldapCanRead(b, 'bob', 'ldap-shared', 'note.txt')).toBe(false);
  });

  it('reports the DN mappings in the status, in sync at both sites', async () => {
    const dn = ldap.directory.users.alice.dn;
    const status = await srCall(a.admin, 'GET', '/site-replication/status', {
      query: { users: 'true', entity: 'user', entityvalue: dn },
    });
    const stats = status.UserStats as Record<string, Record<string, Record<string, boolean>>>;
    const rows = Object.values(stats[dn] ?? {});
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ HasPolicyMapping: true, PolicyMismatch: false });
  });
});
