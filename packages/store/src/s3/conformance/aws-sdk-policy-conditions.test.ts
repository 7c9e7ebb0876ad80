// SPDX-License-Identifier: Apache-2.0
import {
  CreateBucketCommand,
  PutBucketPolicyCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  type S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonStatus, rootSdk } from './aws-sdk.js';
import { startTestStore, type TestStore } from './harness.js';

// Bucket-policy conditions as anonymous clients meet them: object tags (existing and requested),
// listing keys, source IP, user agent and referer, version ids, Null and ForAnyValue, and
// MalformedPolicy with the reason. Policies are set with the AWS SDK v3; requests are plain HTTP.
let t: TestStore;
let s3: S3Client;
const B = 'conditions';

function policy(statements: Record<string, unknown>[]): string {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: statements.map((s) => ({ Effect: 'Allow', Principal: '*', ...s })),
  });
}

async function setPolicy(statements: Record<string, unknown>[]): Promise<void> {
  await s3.send(new PutBucketPolicyCommand({ Bucket: B, Policy: policy(statements) }));
}

function anon(path: string, init: RequestInit = {}): Promise<number> {
  return anonStatus(`${t.store.url}/${B}${path}`, init);
}

beforeAll(async () => {
  t = await startTestStore();
  s3 = rootSdk(t);
  await s3.send(new CreateBucketCommand({ Bucket: B }));
  await s3.send(new PutObjectCommand({ Bucket: B, Key: 'tagged.txt', Body: 't', Tagging: 'public=yes' }));
  await s3.send(new PutObjectCommand({ Bucket: B, Key: 'plain.txt', Body: 'p' }));
});
afterAll(async () => {
  s3?.destroy();
  await t?.stop();
});

describe('bucket policy conditions', () => {
  it('s3:ExistingObjectTag/<key> lets anonymous GETs read only tagged objects', async () => {
    await setPolicy([
      {
        Action: 's3:GetObject',
        Resource: `arn:aws:s3:::${B}/*`,
        Condition: { StringEquals: { 's3:ExistingObjectTag/public': 'yes' } },
      },
    ]);
    expect(await anon('/tagged.txt')).toBe(200);
    expect(await anon('/plain.txt')).toBe(403);
  });

  it('s3:RequestObjectTag/<key> and ForAnyValue on s3:RequestObjectTagKeys decide anonymous uploads', async () => {
    await setPolicy([
      {
        Action: ['s3:PutObject', 's3:PutObjectTagging'],
        Resource: `arn:aws:s3:::${B}/drop/*`,
        Condition: {
          StringEquals: { 's3:RequestObjectTag/team': 'web' },
          'ForAllValues:StringEquals': { 's3:RequestObjectTagKeys': ['team', 'stage'] },
        },
      },
    ]);
    const put = (tagging?: string): Promise<number> =>
      anon('/drop/x.txt', { method: 'PUT', body: 'x', headers: tagging ? { 'x-amz-tagging': tagging } : {} });
    expect(await put('team=web')).toBe(200);
    expect(await put('team=web&stage=dev')).toBe(200);
    expect(await put('team=ops')).toBe(403);
    expect(await put('team=web&owner=me')).toBe(403);
    expect(await put()).toBe(403);
  });

  it('s3:prefix, s3:delimiter and s3:max-keys (Numeric) bound anonymous listings', async () => {
    await setPolicy([
      {
        Action: 's3:ListBucket',
        Resource: `arn:aws:s3:::${B}`,
        Condition: {
          StringLike: { 's3:prefix': 'public/*' },
          NumericLessThanEquals: { 's3:max-keys': '10' },
          StringEqualsIfExists: { 's3:delimiter': '/' },
        },
      },
    ]);
    expect(await anon('?list-type=2&prefix=public/a&max-keys=5')).toBe(200);
    expect(await anon('?list-type=2&prefix=public/a&max-keys=5&delimiter=/')).toBe(200);
    expect(await anon('?list-type=2&prefix=public/a&max-keys=5&delimiter=-')).toBe(403);
    expect(await anon('?list-type=2&prefix=private/&max-keys=5')).toBe(403);
    expect(await anon('?list-type=2&prefix=public/a&max-keys=50')).toBe(403);
  });

  it('aws:SourceIp, aws:UserAgent and aws:Referer match the request', async () => {
    await setPolicy([
      {
        Action: 's3:GetObject',
        Resource: `arn:aws:s3:::${B}/*`,
        Condition: {
          IpAddress: { 'aws:SourceIp': ['127.0.0.0/8'] },
          StringLike: { 'aws:UserAgent': 'good-agent/*', 'aws:Referer': 'https://app.example.com/*' },
        },
      },
    ]);
    const get = (ua: string, referer: string): Promise<number> =>
      anon('/plain.txt', { headers: { 'user-agent': ua, referer } });
    expect(await get('good-agent/1.0', 'https://app.example.com/page')).toBe(200);
    expect(await get('bad-agent/1.0', 'https://app.example.com/page')).toBe(403);
    expect(await get('good-agent/1.0', 'https://evil.example.com/')).toBe(403);
    await setPolicy([
      {
        Action: 's3:GetObject',
        Resource: `arn:aws:s3:::${B}/*`,
        Condition: { NotIpAddress: { 'aws:SourceIp': '127.0.0.0/8' } },
      },
    ]);
    expect(await anon('/plain.txt')).toBe(403);
  });

  it('s3:versionid and Null decide by the version asked for', async () => {
    await s3.send(
      new PutBucketVersioningCommand({ Bucket: B, VersioningConfiguration: { Status: 'Enabled' } }),
    );
    const v1 = (await s3.send(new PutObjectCommand({ Bucket: B, Key: 'versioned.txt', Body: 'one' })))
      .VersionId as string;
    const v2 = (await s3.send(new PutObjectCommand({ Bucket: B, Key: 'versioned.txt', Body: 'two' })))
      .VersionId as string;
    await setPolicy([
      {
        Action: ['s3:GetObject', 's3:GetObjectVersion'],
        Resource: `arn:aws:s3:::${B}/*`,
        Condition: { StringEquals: { 's3:versionid': v1 } },
      },
      {
        Action: 's3:GetObject',
        Resource: `arn:aws:s3:::${B}/*`,
        Condition: { Null: { 's3:versionid': 'true' } },
      },
    ]);
    expect(await anon(`/versioned.txt?versionId=${v1}`)).toBe(200);
    expect(await anon(`/versioned.txt?versionId=${v2}`)).toBe(403);
    expect(await anon('/versioned.txt')).toBe(200);
  });

  it('refuses a policy it cannot evaluate with MalformedPolicy naming the reason', async () => {
    let message = '';
    try {
      await s3.send(
        new PutBucketPolicyCommand({
          Bucket: B,
          Policy: policy([
            {
              Action: 's3:GetObject',
              Resource: `arn:aws:s3:::${B}/*`,
              Condition: { StringSoundsLike: { 'aws:UserAgent': 'x' } },
            },
          ]),
        }),
      );
    } catch (err) {
      expect(err).toBeInstanceOf(S3ServiceException);
      expect((err as S3ServiceException).name).toBe('MalformedPolicy');
      message = (err as Error).message;
    }
    expect(message).toContain('StringSoundsLike');
  });
});
