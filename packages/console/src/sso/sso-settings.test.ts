// SPDX-License-Identifier: Apache-2.0
import { assumeRoleWithWebIdentity } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testService } from '../../../../test-services/index.js';
import { oidcLogin } from '../../../../test-services/oidc-login.js';
import type { OidcProviderInfo } from '../../../../test-services/services/oidc-provider.js';
import { parseStoreEndpoint } from '../clients/store-endpoint.js';
import { type ConsoleHarness, startConsoleHarness } from '../testing/console-harness.js';
import { SsoSettings } from './sso-settings.js';

// The role ARN the console signs a role-policy provider's users in with is the store's own (ListIDPConfig):
// the store's STS accepts it, also once the store names a region in it.

const root = { accessKey: 'sso-arn-root', secretKey: 'sso-arn-root-secret' };
let h: ConsoleHarness;
let idp: OidcProviderInfo;

beforeAll(async () => {
  idp = await testService<OidcProviderInfo>('oidc-provider');
  h = await startConsoleHarness({ drives: 1, rootUser: root.accessKey, rootPassword: root.secretKey });
  await h.admin.addCannedPolicy('sso-arn', {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:ListAllMyBuckets'], Resource: ['arn:aws:s3:::*'] }],
  });
  await h.admin.setConfigKV(
    `identity_openid:apps config_url="${idp.configUrl}" client_id="${idp.clientId}" client_secret="${idp.clientSecret}" role_policy="sso-arn"`,
  );
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('SsoSettings', { timeout: 60_000 }, () => {
  it("offers a role-policy provider with the store's role ARN, region included, which its STS accepts", async () => {
    const signInWith = async (): Promise<string> => {
      const settings = new SsoSettings(parseStoreEndpoint(h.store.url, undefined), { serverAdmin: root });
      const [apps] = (await settings.current()).openId;
      const roleArn = apps?.roleArn ?? '';
      const tokens = await oidcLogin(idp, 'carol');
      const creds = await assumeRoleWithWebIdentity({
        endpoint: h.store.url,
        webIdentityToken: tokens.id_token,
        roleArn,
      });
      expect(creds.AccessKeyId).toMatch(/^[A-Z0-9]{20}$/);
      return roleArn;
    };
    expect(await signInWith()).toBe('arn:minio:iam:::role/apps');
    await h.admin.setConfigKV('site region=eu-west-7');
    await h.admin.serviceRestart();
    expect(await signInWith()).toBe('arn:minio:iam:eu-west-7::role/apps');
  });
});
