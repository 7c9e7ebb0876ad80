// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MadminClient } from '@stowage/madmin';
import { Client as S3Client } from 'minio';
import { type StoreHandle, startStore } from '../../server.js';

// Typed by shape, not by test-services' own types: this folder is compiled with the store's sources.
interface TestDirectory {
  directory: { usersBase: string; groupsBase: string; lookup: { dn: string; password: string } };
}
interface TestProvider {
  configUrl: string;
  clientId: string;
  clientSecret: string;
}

/** How a test reaches slapd: every TLS key given, since `config set` keeps the keys a line does not name. */
export const LDAP_TLS_MODES = {
  plain: 'server_insecure=on server_starttls=off tls_skip_verify=off',
  starttls: 'server_insecure=off server_starttls=on tls_skip_verify=on',
  ldaps: 'server_insecure=off server_starttls=off tls_skip_verify=on',
  ldapsVerified: 'server_insecure=off server_starttls=off tls_skip_verify=off',
} as const;

/** The `identity_ldap` line for the test directory (users by uid, groups by member DN). */
export function ldapConfigLine(
  ldap: TestDirectory,
  serverAddr: string,
  mode: keyof typeof LDAP_TLS_MODES = 'plain',
): string {
  const d = ldap.directory;
  return (
    `identity_ldap server_addr="${serverAddr}" lookup_bind_dn="${d.lookup.dn}" ` +
    `lookup_bind_password="${d.lookup.password}" user_dn_search_base_dn="${d.usersBase}" ` +
    `user_dn_search_filter="(uid=%s)" group_search_base_dn="${d.groupsBase}" ` +
    `group_search_filter="(&(objectclass=groupOfNames)(member=%d))" ${LDAP_TLS_MODES[mode]}`
  );
}

/** The `identity_openid[:target]` line for the test provider's pre-registered client. */
export function openIdConfigLine(idp: TestProvider, target = '', extra = ''): string {
  return (
    `identity_openid${target ? `:${target}` : ''} config_url="${idp.configUrl}" client_id="${idp.clientId}" ` +
    `client_secret="${idp.clientSecret}" ${extra}`
  ).trim();
}

/** A store of a test's own on one drive folder, with its root admin client. */
export interface IdentityStore {
  store: StoreHandle;
  admin: MadminClient;
  close(): Promise<void>;
}

export async function startIdentityStore(
  name: string,
  root: { accessKey: string; secretKey: string },
): Promise<IdentityStore> {
  const dir = await mkdtemp(path.join(tmpdir(), `stowage-${name}-`));
  const store = await startStore({
    dataDir: dir,
    drives: 1,
    port: 0,
    host: '127.0.0.1',
    rootUser: root.accessKey,
    rootPassword: root.secretKey,
  });
  return {
    store,
    admin: new MadminClient({ endpoint: store.url, ...root }),
    async close() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A canned policy allowing `actions` on one bucket and its objects. */
export function bucketPolicy(bucket: string, actions: string[] = ['s3:*']) {
  return {
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Action: actions, Resource: [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`] },
    ],
  };
}

/** An S3 client (the minio SDK) on a test store, with long-term or session keys. */
export function storeS3(
  storeUrl: string,
  keys: { accessKey: string; secretKey: string; sessionToken?: string },
): S3Client {
  const url = new URL(storeUrl);
  return new S3Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    region: 'us-east-1',
    ...keys,
  });
}
