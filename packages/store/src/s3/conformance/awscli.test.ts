// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, ROOT_USER, startTestStore, type TestStore, TWO_POOLS } from './harness.js';
import { cleanEnv, type RunResult, requireTool, run } from './system-tools.js';

// Conformance with Debian's awscli (a client nobody here wrote): path-style S3 over plain HTTP.
const AWS = '/usr/bin/aws';
let t: TestStore;
let work: string;
let env: NodeJS.ProcessEnv;

async function aws(...args: string[]): Promise<RunResult> {
  return run(AWS, ['--endpoint-url', t.store.url, '--no-cli-pager', ...args], { env, cwd: work });
}

async function ok(...args: string[]): Promise<string> {
  const r = await aws(...args);
  if (r.code !== 0) throw new Error(`aws ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  return r.stdout;
}

async function json<T>(...args: string[]): Promise<T> {
  const r = await aws(...args, '--output', 'json', '--debug');
  if (r.code !== 0) throw new Error(`aws ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  try {
    return JSON.parse(r.stdout) as T;
  } catch {
    // Seen once under a loaded CI run: exit 0 and nothing printed. Show what the CLI got from the store.
    throw new Error(`aws ${args.join(' ')} printed no JSON: "${r.stdout}"\n${r.stderr.slice(-6000)}`);
  }
}

function md5(data: Buffer): string {
  return createHash('md5').update(data).digest('hex');
}

beforeAll(async () => {
  requireTool(AWS, 'awscli');
  // Two server pools (issue 32): the suite passes unchanged on one namespace over two erasure sets.
  t = await startTestStore(4, { pools: TWO_POOLS });
  work = await mkdtemp(path.join(tmpdir(), 'stowage-awscli-'));
  await writeFile(
    path.join(work, 'config'),
    '[default]\nregion = us-east-1\ns3 =\n    addressing_style = path\n',
  );
  env = cleanEnv({
    AWS_CONFIG_FILE: path.join(work, 'config'),
    AWS_SHARED_CREDENTIALS_FILE: path.join(work, 'credentials-none'),
    AWS_ACCESS_KEY_ID: ROOT_USER,
    AWS_SECRET_ACCESS_KEY: ROOT_PASSWORD,
    AWS_EC2_METADATA_DISABLED: 'true',
    HOME: work,
  });
});
afterAll(async () => {
  await t?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

// Every call starts a Python process (about a second, more on a busy machine): few, broad calls.
describe('awscli', { timeout: 300_000 }, () => {
  it('manages buckets', async () => {
    await ok('s3api', 'create-bucket', '--bucket', 'aws-bucket');
    const list = await json<{ Buckets: { Name: string }[] }>('s3api', 'list-buckets');
    expect(list.Buckets.map((b) => b.Name)).toContain('aws-bucket');
    const loc = await json<{ LocationConstraint: string | null }>(
      's3api',
      'get-bucket-location',
      '--bucket',
      'aws-bucket',
    );
    expect(loc.LocationConstraint ?? '').toBe('');
    // The owner re-creating its bucket in us-east-1: 200, as AWS answers there.
    const dup = await aws('s3api', 'create-bucket', '--bucket', 'aws-bucket');
    expect(dup.code).toBe(0);
  });

  it('copies files up and down with s3 cp (single and multipart, MD5-checked)', async () => {
    const small = randomBytes(1000);
    const big = randomBytes(20 * 1024 * 1024 + 17);
    await writeFile(path.join(work, 'small.bin'), small);
    await writeFile(path.join(work, 'big.bin'), big);
    await ok('s3', 'cp', 'small.bin', 's3://aws-bucket/files/small.bin');
    await ok('s3', 'cp', 'big.bin', 's3://aws-bucket/files/big.bin');
    const head = await json<{ ETag: string; ContentLength: number }>(
      's3api',
      'head-object',
      '--bucket',
      'aws-bucket',
      '--key',
      'files/big.bin',
    );
    expect(head.ContentLength).toBe(big.length);
    expect(head.ETag).toMatch(/^"[0-9a-f]{32}-3"$/);
    // A server-side copy above the multipart threshold runs UploadPartCopy with byte ranges.
    await ok('s3', 'cp', 's3://aws-bucket/files/big.bin', 's3://aws-bucket/copies/big.bin');
    await ok('s3', 'cp', 's3://aws-bucket/files/', 'down/', '--recursive');
    await ok('s3', 'cp', 's3://aws-bucket/copies/big.bin', 'down/big-copy.bin');
    expect(md5(await readFile(path.join(work, 'down/big-copy.bin')))).toBe(md5(big));
    expect(md5(await readFile(path.join(work, 'down/big.bin')))).toBe(md5(big));
    expect((await readFile(path.join(work, 'down/small.bin'))).equals(small)).toBe(true);
  });

  it('puts, reads ranges, copies and tags with s3api', async () => {
    await writeFile(path.join(work, 'body.txt'), 'abcdefghijklmnopqrstuvwxyz');
    const put = await json<{ ETag: string }>(
      's3api',
      'put-object',
      '--bucket',
      'aws-bucket',
      '--key',
      'api/body.txt',
      '--body',
      'body.txt',
      '--content-type',
      'text/plain',
      '--metadata',
      'owner=aws,purpose=test',
      '--tagging',
      'k1=v1&k2=v2',
      '--content-disposition',
      'inline',
      '--cache-control',
      'no-cache',
    );
    expect(put.ETag).toMatch(/^"[0-9a-f]{32}"$/);
    const got = await json<{ ContentRange: string; Metadata: Record<string, string>; ContentType: string }>(
      's3api',
      'get-object',
      '--bucket',
      'aws-bucket',
      '--key',
      'api/body.txt',
      '--range',
      'bytes=2-5',
      'range.out',
    );
    expect(got.ContentRange).toBe('bytes 2-5/26');
    expect(got.Metadata).toEqual({ owner: 'aws', purpose: 'test' });
    expect(got.ContentType).toBe('text/plain');
    expect(await readFile(path.join(work, 'range.out'), 'utf8')).toBe('cdef');
    const tags = await json<{ TagSet: { Key: string; Value: string }[] }>(
      's3api',
      'get-object-tagging',
      '--bucket',
      'aws-bucket',
      '--key',
      'api/body.txt',
    );
    expect(tags.TagSet).toEqual(
      expect.arrayContaining([
        { Key: 'k1', Value: 'v1' },
        { Key: 'k2', Value: 'v2' },
      ]),
    );
    await ok(
      's3api',
      'copy-object',
      '--bucket',
      'aws-bucket',
      '--key',
      'api/copy.txt',
      '--copy-source',
      'aws-bucket/api/body.txt',
      '--metadata-directive',
      'REPLACE',
      '--metadata',
      'owner=copier',
      '--content-type',
      'text/x-copy',
    );
    const copyHead = await json<{ Metadata: Record<string, string>; ContentType: string }>(
      's3api',
      'head-object',
      '--bucket',
      'aws-bucket',
      '--key',
      'api/copy.txt',
    );
    expect(copyHead.Metadata).toEqual({ owner: 'copier' });
    expect(copyHead.ContentType).toBe('text/x-copy');
    const missing = await aws(
      's3api',
      'get-object',
      '--bucket',
      'aws-bucket',
      '--key',
      'api/none.txt',
      'none.out',
    );
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('NoSuchKey');
  });

  it('lists with pagination and deletes in bulk', async () => {
    for (let i = 0; i < 7; i++) await writeFile(path.join(work, `f${i}.txt`), `file ${i}`);
    await ok('s3', 'sync', '.', 's3://aws-bucket/sync/', '--exclude', '*', '--include', 'f*.txt');
    const v2 = await json<{ Contents: { Key: string }[] }>(
      's3api',
      'list-objects-v2',
      '--bucket',
      'aws-bucket',
      '--prefix',
      'sync/',
      '--page-size',
      '2',
    );
    expect(v2.Contents.map((c) => c.Key)).toEqual(Array.from({ length: 7 }, (_, i) => `sync/f${i}.txt`));
    const v1 = await json<{ Contents: { Key: string }[] }>(
      's3api',
      'list-objects',
      '--bucket',
      'aws-bucket',
      '--prefix',
      'sync/',
      '--page-size',
      '3',
    );
    expect(v1.Contents).toHaveLength(7);
    await ok('s3', 'rm', 's3://aws-bucket/sync/', '--recursive');
    // `s3 ls` lists by delimiter; the removed prefix is gone, the others remain.
    const top = await ok('s3', 'ls', 's3://aws-bucket/');
    expect(top).toContain('PRE api/');
    expect(top).toContain('PRE files/');
    expect(top).not.toContain('PRE sync/');
    const nonEmpty = await aws('s3api', 'delete-bucket', '--bucket', 'aws-bucket');
    expect(nonEmpty.stderr).toContain('BucketNotEmpty');
  });

  it('drives versioning, policies, object lock and presigned URLs', async () => {
    await ok('s3api', 'create-bucket', '--bucket', 'aws-versions');
    await ok(
      's3api',
      'put-bucket-versioning',
      '--bucket',
      'aws-versions',
      '--versioning-configuration',
      'Status=Enabled',
    );
    await writeFile(path.join(work, 'v.txt'), 'v1');
    await ok('s3api', 'put-object', '--bucket', 'aws-versions', '--key', 'v.txt', '--body', 'v.txt');
    await writeFile(path.join(work, 'v.txt'), 'v2');
    await ok('s3api', 'put-object', '--bucket', 'aws-versions', '--key', 'v.txt', '--body', 'v.txt');
    await ok('s3api', 'delete-object', '--bucket', 'aws-versions', '--key', 'v.txt');
    const versions = await json<{
      Versions: { VersionId: string }[];
      DeleteMarkers: { IsLatest: boolean }[];
    }>('s3api', 'list-object-versions', '--bucket', 'aws-versions');
    expect(versions.Versions).toHaveLength(2);
    expect(versions.DeleteMarkers).toHaveLength(1);
    expect(versions.DeleteMarkers[0]?.IsLatest).toBe(true);

    const policy = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: 'arn:aws:s3:::aws-versions/*' },
      ],
    });
    await ok('s3api', 'put-bucket-policy', '--bucket', 'aws-versions', '--policy', policy);
    const got = await json<{ Policy: string }>('s3api', 'get-bucket-policy', '--bucket', 'aws-versions');
    expect(JSON.parse(got.Policy)).toEqual(JSON.parse(policy));
    const bad = await aws(
      's3api',
      'put-bucket-policy',
      '--bucket',
      'aws-versions',
      '--policy',
      '{"Version":"2012-10-17","Statement":[{"Effect":"Maybe"}]}',
    );
    expect(bad.stderr).toContain('MalformedPolicy');

    await ok('s3api', 'create-bucket', '--bucket', 'aws-locked', '--object-lock-enabled-for-bucket');
    await ok(
      's3api',
      'put-object-lock-configuration',
      '--bucket',
      'aws-locked',
      '--object-lock-configuration',
      'ObjectLockEnabled=Enabled,Rule={DefaultRetention={Mode=GOVERNANCE,Days=1}}',
    );
    const lock = await json<{
      ObjectLockConfiguration: { Rule: { DefaultRetention: { Mode: string; Days: number } } };
    }>('s3api', 'get-object-lock-configuration', '--bucket', 'aws-locked');
    expect(lock.ObjectLockConfiguration.Rule.DefaultRetention).toEqual({ Mode: 'GOVERNANCE', Days: 1 });
    const put = await json<{ VersionId: string }>(
      's3api',
      'put-object',
      '--bucket',
      'aws-locked',
      '--key',
      'l.txt',
      '--body',
      'v.txt',
    );
    const ret = await json<{ Retention: { Mode: string } }>(
      's3api',
      'get-object-retention',
      '--bucket',
      'aws-locked',
      '--key',
      'l.txt',
    );
    expect(ret.Retention.Mode).toBe('GOVERNANCE');
    await ok(
      's3api',
      'put-object-legal-hold',
      '--bucket',
      'aws-locked',
      '--key',
      'l.txt',
      '--legal-hold',
      'Status=ON',
    );
    const hold = await json<{ LegalHold: { Status: string } }>(
      's3api',
      'get-object-legal-hold',
      '--bucket',
      'aws-locked',
      '--key',
      'l.txt',
    );
    expect(hold.LegalHold.Status).toBe('ON');
    const denied = await aws(
      's3api',
      'delete-object',
      '--bucket',
      'aws-locked',
      '--key',
      'l.txt',
      '--version-id',
      put.VersionId,
    );
    expect(denied.stderr).toContain('AccessDenied');

    // The version history survives; the presigned URL of the deleted key answers 404.
    const url = (await ok('s3', 'presign', 's3://aws-versions/v.txt', '--expires-in', '300')).trim();
    const res = await fetch(url);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-amz-delete-marker')).toBe('true');
    await res.arrayBuffer();
  });

  it('sends checksums, reads them back and the object attributes, and configures CORS and public access', async () => {
    await ok('s3api', 'create-bucket', '--bucket', 'aws-complete');
    const body = Buffer.from('checksummed by awscli\n');
    await writeFile(path.join(work, 'sum.txt'), body);
    // awscli computes the SHA256 itself; the store checks and keeps it.
    await ok(
      's3api',
      'put-object',
      '--bucket',
      'aws-complete',
      '--key',
      'sum.txt',
      '--body',
      'sum.txt',
      '--checksum-algorithm',
      'SHA256',
    );
    const expected = createHash('sha256').update(body).digest('base64');
    const head = await json<{ ChecksumSHA256?: string }>(
      's3api',
      'head-object',
      '--bucket',
      'aws-complete',
      '--key',
      'sum.txt',
      '--checksum-mode',
      'ENABLED',
    );
    expect(head.ChecksumSHA256).toBe(expected);
    const attrs = await json<{ ETag: string; ObjectSize: number; Checksum: { ChecksumSHA256: string } }>(
      's3api',
      'get-object-attributes',
      '--bucket',
      'aws-complete',
      '--key',
      'sum.txt',
      '--object-attributes',
      'ETag',
      'Checksum',
      'ObjectSize',
    );
    expect(attrs).toMatchObject({
      ETag: md5(body),
      ObjectSize: body.length,
      Checksum: { ChecksumSHA256: expected },
    });

    await writeFile(
      path.join(work, 'cors.json'),
      JSON.stringify({
        CORSRules: [
          { AllowedOrigins: ['https://app.example.com'], AllowedMethods: ['GET', 'PUT'], MaxAgeSeconds: 60 },
        ],
      }),
    );
    await ok(
      's3api',
      'put-bucket-cors',
      '--bucket',
      'aws-complete',
      '--cors-configuration',
      'file://cors.json',
    );
    const cors = await json<{ CORSRules: { AllowedOrigins: string[]; MaxAgeSeconds: number }[] }>(
      's3api',
      'get-bucket-cors',
      '--bucket',
      'aws-complete',
    );
    expect(cors.CORSRules[0]).toMatchObject({
      AllowedOrigins: ['https://app.example.com'],
      MaxAgeSeconds: 60,
    });

    await ok(
      's3api',
      'put-public-access-block',
      '--bucket',
      'aws-complete',
      '--public-access-block-configuration',
      'BlockPublicPolicy=true,RestrictPublicBuckets=true',
    );
    const pab = await json<{ PublicAccessBlockConfiguration: Record<string, boolean> }>(
      's3api',
      'get-public-access-block',
      '--bucket',
      'aws-complete',
    );
    expect(pab.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: false,
      IgnorePublicAcls: false,
      BlockPublicPolicy: true,
      RestrictPublicBuckets: true,
    });
    const ownership = await json<{ OwnershipControls: { Rules: { ObjectOwnership: string }[] } }>(
      's3api',
      'get-bucket-ownership-controls',
      '--bucket',
      'aws-complete',
    );
    expect(ownership.OwnershipControls.Rules[0]?.ObjectOwnership).toBe('BucketOwnerEnforced');
  });
});
