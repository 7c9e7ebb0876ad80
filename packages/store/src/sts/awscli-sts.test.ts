// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, type RunResult, requireTool, run } from '../s3/conformance/system-tools.js';
import { type StoreHandle, startStore } from '../server.js';

// STS AssumeRole driven by Debian's awscli (a client nobody here wrote), then S3 with the issued
// temporary credentials, within the session policy.
const AWS = '/usr/bin/aws';
const ROOT = { accessKey: 'awscli-sts-root', secretKey: 'awscli-sts-secret' };
const POLICY = JSON.stringify({
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: ['s3:GetObject', 's3:ListBucket'], Resource: ['arn:aws:s3:::*'] }],
});

let dir: string;
let store: StoreHandle;

function env(accessKey: string, secretKey: string, sessionToken?: string): NodeJS.ProcessEnv {
  return cleanEnv({
    AWS_CONFIG_FILE: path.join(dir, 'config'),
    AWS_SHARED_CREDENTIALS_FILE: path.join(dir, 'credentials-none'),
    AWS_ACCESS_KEY_ID: accessKey,
    AWS_SECRET_ACCESS_KEY: secretKey,
    ...(sessionToken ? { AWS_SESSION_TOKEN: sessionToken } : {}),
    AWS_EC2_METADATA_DISABLED: 'true',
    HOME: dir,
  });
}

function aws(e: NodeJS.ProcessEnv, ...args: string[]): Promise<RunResult> {
  return run(AWS, ['--endpoint-url', store.url, '--no-cli-pager', '--output', 'json', ...args], {
    env: e,
    cwd: dir,
  });
}

beforeAll(async () => {
  requireTool(AWS, 'awscli');
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-awscli-sts-'));
  await writeFile(
    path.join(dir, 'config'),
    '[default]\nregion = us-east-1\ns3 =\n    addressing_style = path\n',
  );
  await writeFile(path.join(dir, 'hello.txt'), 'hello sts');
  store = await startStore({
    dataDir: path.join(dir, 'data'),
    drives: 1,
    port: 0,
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
  });
});

afterAll(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('awscli sts assume-role', { timeout: 300_000 }, () => {
  it('issues credentials that work for S3 within the session policy', async () => {
    const root = env(ROOT.accessKey, ROOT.secretKey);
    const mb = await aws(root, 's3api', 'create-bucket', '--bucket', 'sts-bucket');
    expect(mb.code, mb.stderr).toBe(0);
    const put = await aws(
      root,
      's3api',
      'put-object',
      '--bucket',
      'sts-bucket',
      '--key',
      'hello.txt',
      '--body',
      'hello.txt',
    );
    expect(put.code, put.stderr).toBe(0);

    const before = Date.now();
    const r = await aws(
      root,
      'sts',
      'assume-role',
      '--role-arn',
      'arn:minio:iam:::role/ignored',
      '--role-session-name',
      'awscli',
      '--duration-seconds',
      '900',
      '--policy',
      POLICY,
    );
    expect(r.code, r.stderr).toBe(0);
    const creds = (JSON.parse(r.stdout) as { Credentials: Record<string, string> }).Credentials;
    expect(creds.AccessKeyId).toMatch(/^[A-Z0-9]{20}$/);
    expect(creds.SessionToken?.split('.')).toHaveLength(3);
    const expires = Date.parse(creds.Expiration ?? '');
    // Expiration = issue time + DurationSeconds (to the second), whenever the call ran.
    expect(expires).toBeGreaterThanOrEqual(before + 900_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 900_000);

    const temp = env(creds.AccessKeyId ?? '', creds.SecretAccessKey ?? '', creds.SessionToken);
    const get = await aws(
      temp,
      's3api',
      'get-object',
      '--bucket',
      'sts-bucket',
      '--key',
      'hello.txt',
      path.join(dir, 'out.txt'),
    );
    expect(get.code, get.stderr).toBe(0);
    const denied = await aws(
      temp,
      's3api',
      'put-object',
      '--bucket',
      'sts-bucket',
      '--key',
      'x.txt',
      '--body',
      'hello.txt',
    );
    expect(denied.code).not.toBe(0);
    expect(denied.stderr).toContain('AccessDenied');
    // Temporary credentials may not assume a role again.
    const again = await aws(
      temp,
      'sts',
      'assume-role',
      '--role-arn',
      'arn:minio:iam:::role/ignored',
      '--role-session-name',
      'again',
    );
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('AccessDenied');
  });
});
