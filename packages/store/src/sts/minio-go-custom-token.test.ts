// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGoProgram, type GoProgram } from '../../../madmin/src/testing/go-program.js';
import type { StoreHandle } from '../server.js';
import { type HookServer, startHookServer } from './testing/hook-server.js';
import { bucketPolicy, type IdentityStore, startIdentityStore, storeS3 } from './testing/identity-config.js';

// minio-go's own CustomTokenIdentity provider (credentials.NewCustomTokenCredentials, in
// conformance/go/src/sts-identity) against the store's AssumeRoleWithCustomToken: a hook server of the
// test's own plays the identity plugin; the credentials write where the role policy allows only.

const ROOT = { accessKey: 'go-custom-root', secretKey: 'go-custom-root-secret' };
let identity: IdentityStore;
let store: StoreHandle;
let program: GoProgram;
let hook: HookServer;
let roleArn = '';

async function run(...args: string[]): Promise<string> {
  return (await program.run([store.url, ...args], '').catch((e: Error) => Buffer.from(e.message))).toString();
}

beforeAll(async () => {
  [program, hook] = await Promise.all([buildGoProgram('sts-identity'), startHookServer()]);
  hook.answer = (r) =>
    r.url.searchParams.get('token') === 'go-token'
      ? { status: 200, json: { user: 'gopher', maxValiditySeconds: 7200, claims: {} } }
      : { status: 403, json: { reason: 'unknown token' } };
  identity = await startIdentityStore('go-custom', ROOT);
  store = identity.store;
  const root = storeS3(store.url, ROOT);
  await root.makeBucket('go-custom');
  await root.makeBucket('go-custom-other');
  await identity.admin.addCannedPolicy('go-custom-rw', bucketPolicy('go-custom'));
  await identity.admin.setConfigKV(`identity_plugin url="${hook.url}" role_policy=go-custom-rw`);
  // No role_id: MinIO's ARN from the base64url SHA-1 of the URL.
  roleArn = `arn:minio:iam:::role/idmp-${createHash('sha1').update(hook.url).digest('base64url')}`;
}, 300_000);

afterAll(async () => {
  await identity?.close();
  await hook?.close();
});

describe('minio-go CustomTokenIdentity', { timeout: 120_000 }, () => {
  it('gets credentials held to the role policy', async () => {
    const out = await run('custom', 'go-token', roleArn, 'go-custom', 'go-custom-other');
    expect(out).toContain('PASS custom-retrieve');
    expect(out).toContain('PASS custom-put-allowed');
    expect(out).toContain('PASS custom-put-denied');
    // The store passed minio-go's token on to the hook.
    expect(hook.requests.at(-1)?.url.searchParams.get('token')).toBe('go-token');
  });

  it('a token the hook refuses issues nothing', async () => {
    expect(await run('custom-refused', 'bad-token', roleArn)).toMatch(/INFO .*500[\s\S]*PASS custom-refused/);
  });
});
