// SPDX-License-Identifier: Apache-2.0
import { AssumeRoleWithWebIdentityCommand, STSClient, STSServiceException } from '@aws-sdk/client-sts';
import type { MadminClient } from '@stowage/madmin';
import { generateKeyPair, importJWK, type JWTPayload, SignJWT } from 'jose';
import { Client as S3Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testService } from '../../../../test-services/index.js';
import { oidcLogin } from '../../../../test-services/oidc-login.js';
import type { OidcProviderInfo } from '../../../../test-services/services/oidc-provider.js';
import type { StoreHandle } from '../server.js';
import {
  bucketPolicy,
  type IdentityStore,
  openIdConfigLine,
  startIdentityStore,
} from './testing/identity-config.js';

// STS with OpenID Connect against a real provider (npm oidc-provider, test-services): ID tokens from its
// login flow are traded for credentials through @aws-sdk/client-sts, and the store enforces the
// policies of the token's `policy` claim. Tokens the provider's key signs with claims it never would
// (expired, another audience or issuer), altered and foreign-signed tokens are refused.

const ROOT = { accessKey: 'oidc-sts-root', secretKey: 'oidc-sts-root-secret' };
let identity: IdentityStore;
let store: StoreHandle;
let idp: OidcProviderInfo;
let admin: MadminClient;
let sts: STSClient;

function s3(
  c: { AccessKeyId?: string; SecretAccessKey?: string; SessionToken?: string },
  region = 'us-east-1',
): S3Client {
  const url = new URL(store.url);
  return new S3Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: c.AccessKeyId ?? '',
    secretKey: c.SecretAccessKey ?? '',
    sessionToken: c.SessionToken ?? '',
    region,
  });
}

async function webIdentity(
  token: string,
  extra: { RoleArn?: string; Policy?: string; DurationSeconds?: number } = {},
) {
  const out = await sts.send(
    new AssumeRoleWithWebIdentityCommand({
      WebIdentityToken: token,
      RoleSessionName: 'tests',
      ...extra,
    } as ConstructorParameters<typeof AssumeRoleWithWebIdentityCommand>[0]),
  );
  if (!out.Credentials) throw new Error('no Credentials in the answer');
  return out.Credentials;
}

/** The STS error code and message a token is refused with. */
async function refusal(token: string, extra: { RoleArn?: string } = {}): Promise<string> {
  const err = await webIdentity(token, extra).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof STSServiceException)) throw new Error(`expected an STS error, got ${String(err)}`);
  // The SDK names modelled STS errors <Code>Exception (InvalidIdentityToken → InvalidIdentityTokenException).
  return `${err.name.replace(/Exception$/, '')}: ${err.message}`;
}

/** A token signed with the provider's own key, with the claims given. */
async function mint(claims: JWTPayload, expiresIn: string | number = '10m'): Promise<string> {
  const key = await importJWK(idp.signingJwk, 'RS256');
  return new SignJWT({ policy: ['sso-alice'], iss: idp.issuer, aud: idp.clientId, sub: 'alice', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: idp.signingJwk.kid ?? '' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
}

beforeAll(async () => {
  idp = await testService<OidcProviderInfo>('oidc-provider');
  identity = await startIdentityStore('oidc-sts', ROOT);
  ({ store, admin } = identity);
  sts = new STSClient({
    endpoint: store.url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
  });
  const root = s3({ AccessKeyId: ROOT.accessKey, SecretAccessKey: ROOT.secretKey });
  await root.makeBucket('sso-a');
  await root.makeBucket('sso-b');
  await admin.addCannedPolicy('sso-alice', bucketPolicy('sso-a'));
  const set = await admin.setConfigKV(openIdConfigLine(idp));
  expect(set.restartRequired).toBe(false);
  await admin.setConfigKV(openIdConfigLine(idp, 'apps', 'role_policy="sso-alice"'));
}, 60_000);

afterAll(async () => {
  sts?.destroy();
  await identity?.close();
});

describe('AssumeRoleWithWebIdentity with oidc-provider', { timeout: 60_000 }, () => {
  it("issues credentials held to the token's policy claim, expiring with the token", async () => {
    const tokens = await oidcLogin(idp, 'alice');
    const before = Date.now();
    const creds = await webIdentity(tokens.id_token);
    expect(creds.AccessKeyId).toMatch(/^[A-Z0-9]{20}$/);
    const exp = creds.Expiration?.getTime() ?? 0;
    expect(exp).toBeLessThanOrEqual(before + tokens.expires_in * 1000 + 1000);
    expect(exp).toBeGreaterThan(before);
    const alice = s3(creds);
    await alice.putObject('sso-a', 'hello.txt', Buffer.from('hi'));
    expect((await alice.statObject('sso-a', 'hello.txt')).size).toBe(2);
    await expect(alice.putObject('sso-b', 'x.txt', Buffer.from('no'))).rejects.toMatchObject({
      code: 'AccessDenied',
    });
  });

  it('narrows the session with a session policy and bounds DurationSeconds by the token', async () => {
    const tokens = await oidcLogin(idp, 'alice');
    const policy = JSON.stringify({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::sso-a/*'] }],
    });
    const creds = await webIdentity(tokens.id_token, { Policy: policy, DurationSeconds: 86_400 });
    expect((creds.Expiration?.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(tokens.expires_in * 1000);
    const narrowed = s3(creds);
    await expect(narrowed.putObject('sso-a', 'y.txt', Buffer.from('no'))).rejects.toMatchObject({
      code: 'AccessDenied',
    });
  });

  it("gives a provider's role policy to any of its users through RoleArn", async () => {
    const tokens = await oidcLogin(idp, 'carol');
    // carol has no policy claim: without the role she gets nothing.
    expect(await refusal(tokens.id_token)).toMatch(/^AccessDenied: .*'policy' claim/);
    const creds = await webIdentity(tokens.id_token, { RoleArn: 'arn:minio:iam:::role/apps' });
    await s3(creds).putObject('sso-a', 'carol.txt', Buffer.from('ok'));
    expect(await refusal(tokens.id_token, { RoleArn: 'arn:minio:iam:::role/nope' })).toMatch(
      /^InvalidParameterValue: RoleArn 'arn:minio:iam:::role\/nope' names no configured OpenID role/,
    );
  });

  it('refuses forged, expired, wrong-audience and wrong-issuer tokens', async () => {
    const real = (await oidcLogin(idp, 'alice')).id_token;
    const [h, p, s] = real.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, policy: ['consoleAdmin'] })).toString(
      'base64url',
    );
    expect(await refusal(`${h}.${forgedPayload}.${s}`)).toMatch(/^InvalidIdentityToken: .*signature/);

    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await new SignJWT({ policy: ['consoleAdmin'] })
      .setProtectedHeader({ alg: 'RS256', kid: idp.signingJwk.kid ?? '' })
      .setIssuer(idp.issuer)
      .setAudience(idp.clientId)
      .setSubject('mallory')
      .setExpirationTime('10m')
      .sign(privateKey);
    expect(await refusal(foreign)).toMatch(/^InvalidIdentityToken: .*signature/);

    expect(await refusal(await mint({}, Math.floor(Date.now() / 1000) - 60))).toMatch(/^ExpiredToken: /);
    expect(await refusal(await mint({ aud: 'someone-else' }))).toMatch(
      /^InvalidIdentityToken: the token's audience \(someone-else\) does not include/,
    );
    expect(await refusal(await mint({ iss: 'https://evil.example' }))).toMatch(
      /^InvalidIdentityToken: the token was not issued by the provider/,
    );
    expect(await refusal(await mint({ nbf: Math.floor(Date.now() / 1000) + 600 }))).toMatch(
      /^InvalidIdentityToken: the token is not valid yet/,
    );
    expect(await refusal('not-a-jwt')).toMatch(/^InvalidIdentityToken: /);
  });

  it("refuses a token the provider issued to another client (the audience is that client's)", async () => {
    const res = await fetch(idp.registrationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: ['http://127.0.0.1:9/other'],
        grant_types: ['authorization_code'],
      }),
    });
    const other = (await res.json()) as { client_id: string; client_secret: string };
    const tokens = await oidcLogin(
      {
        issuer: idp.issuer,
        clientId: other.client_id,
        clientSecret: other.client_secret,
        redirectUri: 'http://127.0.0.1:9/other',
      },
      'alice',
    );
    expect(await refusal(tokens.id_token)).toMatch(/^InvalidIdentityToken: the token's audience/);
  });

  it('AssumeRoleWithClientGrants takes the token as Token and answers SubjectFromToken', async () => {
    const tokens = await oidcLogin(idp, 'alice');
    const res = await fetch(store.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        Action: 'AssumeRoleWithClientGrants',
        Version: '2011-06-15',
        Token: tokens.id_token,
      }).toString(),
    });
    const xml = await res.text();
    expect(res.status, xml).toBe(200);
    expect(xml).toContain('<SubjectFromToken>alice</SubjectFromToken>');
    expect(xml).toMatch(/<AccessKeyId>[A-Z0-9]{20}<\/AccessKeyId>/);
  });

  it('checks an identity_openid configuration before it is saved', async () => {
    const ok = await admin.checkIdentityConfig({
      subSys: 'identity_openid',
      keyValues: { config_url: idp.configUrl, client_id: 'x', client_secret: 'y' },
    });
    expect(ok.message).toBe(`${idp.issuer} answered: 1 signing key(s), authorization at ${idp.issuer}/auth`);
    await expect(
      admin.checkIdentityConfig({
        subSys: 'identity_openid',
        keyValues: { config_url: `${idp.issuer}/nowhere/.well-known/openid-configuration` },
      }),
    ).rejects.toMatchObject({
      code: 'IDPCommunicationError',
      message: expect.stringMatching(/answered 404/),
    });
  });

  it('answers STS errors in one XML form, with the request id', async () => {
    const res = await fetch(store.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'Action=AssumeRoleWithWebIdentity&Version=2011-06-15',
    });
    const xml = await res.text();
    expect(res.status).toBe(400);
    const id = res.headers.get('x-amz-request-id') ?? '';
    expect(id).not.toBe('');
    expect(xml).toContain(
      '<Error><Type>Sender</Type><Code>MissingParameter</Code><Message>WebIdentityToken is missing</Message></Error>',
    );
    expect(xml).toContain(`<RequestId>${id}</RequestId>`);
  });

  // Last: it moves the store to another region.
  it("names the configured region in the role's ARN, the site set's over the region set's", async () => {
    expect(await admin.setConfigKV('region name=ap-south-9')).toEqual({ restartRequired: true });
    expect(await admin.setConfigKV('site region=eu-west-7')).toEqual({ restartRequired: true });
    await admin.serviceRestart();
    const arn = 'arn:minio:iam:eu-west-7::role/apps';
    expect((await admin.listIdpConfig('openid')).find((c) => c.name === 'apps')?.roleARN).toBe(arn);
    const tokens = await oidcLogin(idp, 'carol');
    const creds = await webIdentity(tokens.id_token, { RoleArn: arn });
    await s3(creds, 'eu-west-7').putObject('sso-a', 'carol-west.txt', Buffer.from('ok'));
    for (const other of ['arn:minio:iam:::role/apps', 'arn:minio:iam:ap-south-9::role/apps']) {
      expect(await refusal(tokens.id_token, { RoleArn: other })).toMatch(
        /^InvalidParameterValue: RoleArn .* names no configured OpenID role/,
      );
    }
  });
});
