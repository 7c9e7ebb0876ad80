// SPDX-License-Identifier: Apache-2.0
import type { MadminError } from '@stowage/madmin';
import type { Client as S3Client } from 'minio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreHandle } from '../server.js';
import { closedPortUrl, type HookServer, startHookServer } from './testing/hook-server.js';
import { type IdentityStore, startIdentityStore, storeS3 } from './testing/identity-config.js';

// STS AssumeRoleWithCustomToken with the identity plugin (`identity_plugin`): a hook server of the test's
// own (node:http) plays MinIO's identity management plugin; the store sends it the token and issues
// credentials held to the role policy, carrying the hook's claims.

const ROOT = { accessKey: 'custom-sts-root', secretKey: 'custom-sts-root-secret' };
const ROLE_ARN = 'arn:minio:iam:::role/idmp-stowage-test';
/** The policy variable of the hook's `team` claim (a plain string: IAM substitutes it, not JavaScript). */
const TEAM_VAR = ['$', '{jwt:team}'].join('');
let identity: IdentityStore;
let store: StoreHandle;
let hook: HookServer;

interface StsAnswer {
  status: number;
  xml: string;
  tag(name: string): string | undefined;
}

async function customToken(params: Record<string, string>): Promise<StsAnswer> {
  const form = new URLSearchParams({ Action: 'AssumeRoleWithCustomToken', Version: '2011-06-15', ...params });
  const res = await fetch(`${store.url}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const xml = await res.text();
  return {
    status: res.status,
    xml,
    tag: (name) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1],
  };
}

function s3(keys: { accessKey: string; secretKey: string; sessionToken?: string }): S3Client {
  return storeS3(store.url, keys);
}

function sessionKeys(a: StsAnswer): { accessKey: string; secretKey: string; sessionToken: string } {
  return {
    accessKey: a.tag('AccessKeyId') ?? '',
    secretKey: a.tag('SecretAccessKey') ?? '',
    sessionToken: a.tag('SessionToken') ?? '',
  };
}

async function s3Code(p: Promise<unknown>): Promise<string> {
  return p.then(
    () => 'ok',
    (e: { code?: string }) => e.code ?? String(e),
  );
}

function pluginLine(url: string): string {
  return `identity_plugin url="${url}" auth_token="Bearer hook-secret" role_policy="ct-team,ct-missing" role_id=stowage-test`;
}

beforeAll(async () => {
  hook = await startHookServer();
  identity = await startIdentityStore('custom-sts', ROOT);
  store = identity.store;
  const root = s3(ROOT);
  await root.makeBucket('ct-data');
  await root.makeBucket('ct-other');
  // The role policy reads the hook's `team` claim as a policy variable.
  await identity.admin.addCannedPolicy('ct-team', {
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Action: ['s3:PutObject'], Resource: [`arn:aws:s3:::ct-data/${TEAM_VAR}/*`] },
    ],
  });
  const set = await identity.admin.setConfigKV(pluginLine(hook.url));
  expect(set.restartRequired).toBe(false);
}, 60_000);

afterAll(async () => {
  await identity?.close();
  await hook?.close();
});

beforeEach(() => {
  hook.requests.length = 0;
  hook.answer = (r) =>
    r.url.searchParams.get('token') === 'good-token'
      ? {
          status: 200,
          json: { user: 'alice', maxValiditySeconds: 3600, claims: { team: 'blue', exp: 1, level: 3 } },
        }
      : { status: 403, json: { reason: 'the token is not known to the hook' } };
});

describe('AssumeRoleWithCustomToken through the identity plugin', { timeout: 60_000 }, () => {
  it('the set is listed as supported with MinIO keys, and a bad role_id or a missing role_policy is refused', async () => {
    const help = await identity.admin.helpConfigKV('identity_plugin', '');
    expect(help.description).toBe('enable Identity Plugin via external hook');
    expect(help.keysHelp?.map((k) => k.key)).toEqual([
      'url',
      'auth_token',
      'role_policy',
      'role_id',
      'comment',
    ]);
    const refused = async (line: string) =>
      identity.admin.setConfigKV(line).then(
        () => 'saved',
        (e: MadminError) => `${e.code}: ${e.message}`,
      );
    expect(await refused(`identity_plugin role_id="not/valid"`)).toMatch(
      /XMinioConfigError: .*Role ID must match/,
    );
    expect(await refused(`identity_plugin role_policy=""`)).toMatch(
      /XMinioConfigError: .*A role policy must be specified/,
    );
    expect(await refused(`identity_plugin url="ftp://hook"`)).toMatch(/XMinioConfigError: .*http/);
  });

  it('issues credentials for custom:<user> with the role policy and the hook claims', async () => {
    const before = Math.floor(Date.now() / 1000);
    const a = await customToken({ Token: 'good-token', RoleArn: ROLE_ARN, DurationSeconds: '1800' });
    const after = Math.ceil(Date.now() / 1000);
    expect(a.status, a.xml).toBe(200);
    expect(a.xml).toContain(
      '<AssumeRoleWithCustomTokenResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">',
    );
    expect(a.xml).toContain('<AssumeRoleWithCustomTokenResult>');
    expect(a.tag('AssumedUser')).toBe('custom:alice');
    expect(a.xml).not.toContain('<AssumedRoleUser>');
    // What the hook saw: POST ?token=… with the auth token as the Authorization header, as given.
    expect(hook.requests).toHaveLength(1);
    expect(hook.requests[0]?.method).toBe('POST');
    expect(hook.requests[0]?.url.pathname).toBe('/hook');
    expect(hook.requests[0]?.url.searchParams.get('token')).toBe('good-token');
    expect(hook.requests[0]?.authorization).toBe('Bearer hook-secret');
    // The requested 1800 s is below the hook's 3600 s, so it stands.
    const exp = Date.parse(a.tag('Expiration') ?? '') / 1000;
    expect(exp).toBeGreaterThanOrEqual(before + 1800);
    expect(exp).toBeLessThanOrEqual(after + 1800);
    const client = s3(sessionKeys(a));
    // ${jwt:team} is the hook's claim: blue/ is writable, red/ and other buckets are not.
    expect(await s3Code(client.putObject('ct-data', 'blue/a.txt', Buffer.from('a')))).toBe('ok');
    expect(await s3Code(client.putObject('ct-data', 'red/a.txt', Buffer.from('a')))).toBe('AccessDenied');
    expect(await s3Code(client.putObject('ct-other', 'blue/a.txt', Buffer.from('a')))).toBe('AccessDenied');
  });

  it('caps the duration at the hook maxValiditySeconds and refuses one outside 900 s..365 d', async () => {
    hook.answer = () => ({ status: 200, json: { user: 'bob', maxValiditySeconds: 1000, claims: {} } });
    const before = Math.floor(Date.now() / 1000);
    const a = await customToken({ Token: 't', RoleArn: ROLE_ARN, DurationSeconds: '7200' });
    const after = Math.ceil(Date.now() / 1000);
    expect(a.status, a.xml).toBe(200);
    const exp = Date.parse(a.tag('Expiration') ?? '') / 1000;
    expect(exp).toBeGreaterThanOrEqual(before + 1000);
    expect(exp).toBeLessThanOrEqual(after + 1000);
    for (const bad of [899, 365 * 24 * 3600 + 1]) {
      hook.answer = () => ({ status: 200, json: { user: 'bob', maxValiditySeconds: bad, claims: {} } });
      const r = await customToken({ Token: 't', RoleArn: ROLE_ARN });
      expect(r.status).toBe(400);
      expect(r.tag('Code')).toBe('InvalidParameterValue');
      expect(r.tag('Message')).toContain(`invalid validity duration (${bad})`);
    }
    const r = await customToken({ Token: 't', RoleArn: ROLE_ARN, DurationSeconds: 'soon' });
    expect([r.status, r.tag('Code'), r.tag('Message')]).toEqual([
      400,
      'InvalidParameterValue',
      'Invalid requested duration: soon',
    ]);
  });

  it('a token the hook refuses gives its reason and no credentials; bad parameters are named', async () => {
    const r = await customToken({ Token: 'stolen-token', RoleArn: ROLE_ARN });
    expect(r.status).toBe(500);
    expect(r.tag('Code')).toBe('InternalError');
    expect(r.tag('Message')).toBe('the token is not known to the hook');
    expect(r.tag('AccessKeyId')).toBeUndefined();
    hook.answer = () => ({ status: 200, json: { user: '', maxValiditySeconds: 3600 } });
    expect((await customToken({ Token: 't', RoleArn: ROLE_ARN })).tag('Message')).toBe(
      'A valid user was not returned by the authenticator.',
    );
    const wrongRole = await customToken({ Token: 'good-token', RoleArn: 'arn:minio:iam:::role/idmp-other' });
    expect([wrongRole.status, wrongRole.tag('Code')]).toEqual([400, 'InvalidParameterValue']);
    expect(wrongRole.tag('Message')).toContain(ROLE_ARN);
    const noToken = await customToken({ RoleArn: ROLE_ARN });
    expect(noToken.tag('Message')).toBe('Invalid empty `Token` parameter provided');
  });

  it('a hook that is down or silent refuses with a clear error; without the plugin the action is disabled', async () => {
    await identity.admin.setConfigKV(pluginLine(await closedPortUrl()));
    const down = await customToken({ Token: 'good-token', RoleArn: ROLE_ARN });
    expect([down.status, down.tag('Code')]).toEqual([400, 'InvalidParameterValue']);
    expect(down.tag('Message')).toBe('the identity plugin hook could not be reached (ECONNREFUSED)');
    await identity.admin.setConfigKV(pluginLine(hook.url));
    hook.answer = () => 'hang';
    const silent = await customToken({ Token: 'good-token', RoleArn: ROLE_ARN });
    expect(silent.tag('Message')).toBe('the identity plugin hook did not answer within 5 s');
    const del = await identity.admin.delConfigKV('identity_plugin');
    expect(del.restartRequired).toBe(false);
    const off = await customToken({ Token: 'good-token', RoleArn: ROLE_ARN });
    expect([off.status, off.tag('Code')]).toEqual([503, 'STSNotInitialized']);
    await identity.admin.setConfigKV(pluginLine(hook.url));
  });

  // Last: it moves the store to another region.
  it("names the configured region in the role's ARN, the site set's over the region set's", async () => {
    await identity.admin.setConfigKV('region name=ap-south-9');
    await identity.admin.setConfigKV('site region=eu-west-7');
    await identity.admin.serviceRestart();
    const regional = await customToken({
      Token: 'good-token',
      RoleArn: 'arn:minio:iam:eu-west-7::role/idmp-stowage-test',
    });
    expect(regional.status, regional.xml).toBe(200);
    for (const other of [ROLE_ARN, 'arn:minio:iam:ap-south-9::role/idmp-stowage-test']) {
      const refused = await customToken({ Token: 'good-token', RoleArn: other });
      expect([refused.status, refused.tag('Code')]).toEqual([400, 'InvalidParameterValue']);
    }
  });
});
