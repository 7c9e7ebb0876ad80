// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MadminClient, MadminError } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreHandle, startStore } from '../server.js';

// The idp-config admin API (madmin-go idp-commands.go) over the identity_openid / identity_ldap sets.
const ROOT = { accessKey: 'idp-root', secretKey: 'idp-root-secret' };
const OPENID =
  'config_url=https://idp.example.test/.well-known/openid-configuration client_id=app client_secret=s3cret';

let dir: string;
let store: StoreHandle;
let admin: MadminClient;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-idp-config-'));
  store = await startStore({
    dataDir: dir,
    drives: 1,
    port: 0,
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
  });
  admin = new MadminClient({ endpoint: store.url, ...ROOT });
}, 60_000);

afterAll(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const code = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'no error',
    (e: unknown) => (e instanceof MadminError ? e.code : String(e)),
  );

describe('idp-config against the store', () => {
  it('adds, lists, reads, updates and deletes named OpenID configurations', async () => {
    expect(await admin.listIdpConfig('openid')).toEqual([]);
    const added = await admin.addOrUpdateIdpConfig('openid', 'dex', `${OPENID} role_policy=readonly`, false);
    expect(added.restartRequired).toBe(false);
    await admin.addOrUpdateIdpConfig('openid', '_', OPENID.replace('client_id=app', 'client_id=main'), false);
    expect(await admin.listIdpConfig('openid')).toEqual([
      { type: 'openid', name: '_', enabled: true },
      { type: 'openid', name: 'dex', enabled: true, roleARN: 'arn:minio:iam:::role/dex' },
    ]);
    const cfg = await admin.getIdpConfig('openid', 'dex');
    expect(cfg.name).toBe('dex');
    const values = Object.fromEntries((cfg.info ?? []).map((i) => [i.key, i.value]));
    expect(values).toMatchObject({ client_id: 'app', client_secret: 's3cret', role_policy: 'readonly' });
    // The running configuration follows: get-config-kv shows the target.
    expect(await admin.getConfigKV('identity_openid:dex')).toContain('client_id=app');

    expect(await code(admin.addOrUpdateIdpConfig('openid', 'dex', OPENID, false))).toBe(
      'XMinioAdminConfigIDPCfgNameAlreadyExists',
    );
    expect(await code(admin.addOrUpdateIdpConfig('openid', 'nope', OPENID, true))).toBe(
      'XMinioAdminConfigIDPCfgNameDoesNotExist',
    );
    await admin.addOrUpdateIdpConfig('openid', 'dex', 'client_id=app2', true);
    const updated = await admin.getIdpConfig('openid', 'dex');
    expect(updated.info?.find((i) => i.key === 'client_id')?.value).toBe('app2');
    // A bad value is the set's own error; nothing is saved.
    expect(
      await code(admin.addOrUpdateIdpConfig('openid', 'bad', 'config_url=not-a-url client_id=x', false)),
    ).toBe('XMinioConfigError');
    expect((await admin.listIdpConfig('openid')).map((i) => i.name)).toEqual(['_', 'dex']);

    await admin.deleteIdpConfig('openid', 'dex');
    expect(await code(admin.getIdpConfig('openid', 'dex'))).toBe('XMinioAdminNoSuchConfigTarget');
    await admin.deleteIdpConfig('openid', '_');
    expect(await admin.listIdpConfig('openid')).toEqual([]);
  });

  it('keeps one LDAP configuration, named _', async () => {
    expect(await code(admin.addOrUpdateIdpConfig('ldap', 'second', 'server_addr=ldap.test:636', false))).toBe(
      'XMinioAdminConfigLDAPNonDefaultConfigName',
    );
    await admin.addOrUpdateIdpConfig(
      'ldap',
      '_',
      'server_addr=ldap.test:636 lookup_bind_dn=cn=admin,dc=test lookup_bind_password=pw user_dn_search_base_dn=dc=test user_dn_search_filter=(uid=%s)',
      false,
    );
    expect(await admin.listIdpConfig('ldap')).toEqual([{ type: 'ldap', name: '_', enabled: true }]);
    const cfg = await admin.getIdpConfig('ldap', '_');
    expect(cfg.info?.find((i) => i.key === 'server_addr')?.value).toBe('ldap.test:636');
    await admin.deleteIdpConfig('ldap', '_');
    expect(await admin.listIdpConfig('ldap')).toEqual([]);
  });
});
