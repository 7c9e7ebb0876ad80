// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, ROOT_USER, startTestStore, type TestStore, TWO_POOLS } from './harness.js';
import { cleanEnv, type RunResult, requireTool, run } from './system-tools.js';

// Conformance with Debian's s3cmd (a client nobody here wrote; it checks MD5s on up- and download).
const S3CMD = '/usr/bin/s3cmd';
let t: TestStore;
let work: string;
let env: NodeJS.ProcessEnv;

async function s3cmd(...args: string[]): Promise<RunResult> {
  return run(S3CMD, ['-c', path.join(work, 's3cfg'), '--no-ssl', ...args], { env, cwd: work });
}

async function ok(...args: string[]): Promise<string> {
  const r = await s3cmd(...args);
  if (r.code !== 0) throw new Error(`s3cmd ${args.join(' ')} failed (${r.code}): ${r.stderr}${r.stdout}`);
  return r.stdout;
}

function md5(data: Buffer): string {
  return createHash('md5').update(data).digest('hex');
}

beforeAll(async () => {
  requireTool(S3CMD, 's3cmd');
  // Two server pools (issue 32): the suite passes unchanged on one namespace over two erasure sets.
  t = await startTestStore(4, { pools: TWO_POOLS });
  work = await mkdtemp(path.join(tmpdir(), 'stowage-s3cmd-'));
  const hostPort = `${t.host}:${t.port}`;
  await writeFile(
    path.join(work, 's3cfg'),
    [
      '[default]',
      `access_key = ${ROOT_USER}`,
      `secret_key = ${ROOT_PASSWORD}`,
      `host_base = ${hostPort}`,
      `host_bucket = ${hostPort}`,
      'use_https = False',
      'signature_v2 = False',
      'bucket_location = us-east-1',
      'multipart_chunk_size_mb = 5',
      '',
    ].join('\n'),
  );
  env = cleanEnv({ HOME: work });
});
afterAll(async () => {
  await t?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

// Every call starts a Python process: few, broad calls.
describe('s3cmd', { timeout: 300_000 }, () => {
  it('makes buckets, puts and gets files (single and multipart) with MD5 checks', async () => {
    expect(await ok('mb', 's3://s3cmd-bucket')).toContain('created');
    // The owner re-creating its bucket in us-east-1: 200, as AWS answers there.
    expect(await ok('mb', 's3://s3cmd-bucket')).toContain('created');
    const small = randomBytes(4096);
    const big = randomBytes(12 * 1024 * 1024 + 5);
    await writeFile(path.join(work, 'small.bin'), small);
    await writeFile(path.join(work, 'big.bin'), big);
    await ok('put', 'small.bin', 's3://s3cmd-bucket/dir/small.bin');
    await ok('put', 'big.bin', 's3://s3cmd-bucket/dir/big.bin');
    const info = await ok('info', 's3://s3cmd-bucket/dir/small.bin');
    expect(info).toContain(`MD5 sum:   ${md5(small)}`);
    await ok('get', '--force', 's3://s3cmd-bucket/dir/big.bin', 'big.down');
    await ok('get', '--force', 's3://s3cmd-bucket/dir/small.bin', 'small.down');
    expect(md5(await readFile(path.join(work, 'big.down')))).toBe(md5(big));
    expect((await readFile(path.join(work, 'small.down'))).equals(small)).toBe(true);
    const ls = await ok('ls', '-r', 's3://s3cmd-bucket');
    expect(ls).toContain(`${big.length}  s3://s3cmd-bucket/dir/big.bin`);
    expect(ls).toContain(`${small.length}  s3://s3cmd-bucket/dir/small.bin`);
    const du = await ok('du', 's3://s3cmd-bucket');
    expect(du).toContain(`${big.length + small.length}`);
    const missing = await s3cmd('get', 's3://s3cmd-bucket/dir/nothere', 'x');
    expect(missing.code).not.toBe(0);
  });

  it('copies, moves, modifies and syncs', async () => {
    await ok('cp', 's3://s3cmd-bucket/dir/small.bin', 's3://s3cmd-bucket/copies/a.bin');
    await ok('mv', 's3://s3cmd-bucket/copies/a.bin', 's3://s3cmd-bucket/copies/b.bin');
    await ok(
      'modify',
      '--add-header=Cache-Control: max-age=10',
      '--mime-type=text/x-modified',
      's3://s3cmd-bucket/copies/b.bin',
    );
    const info = await ok('info', 's3://s3cmd-bucket/copies/b.bin');
    expect(info).toContain('MIME type: text/x-modified');
    const ls = await ok('ls', 's3://s3cmd-bucket/copies/');
    expect(ls).toContain('copies/b.bin');
    expect(ls).not.toContain('copies/a.bin');
    for (let i = 0; i < 5; i++) await writeFile(path.join(work, `sync-${i}.txt`), `sync ${i}`);
    expect(
      await ok('sync', './', 's3://s3cmd-bucket/sync/', '--exclude', '*', '--include', 'sync-*.txt'),
    ).toContain('Done');
    expect((await ok('ls', 's3://s3cmd-bucket/sync/')).trim().split('\n')).toHaveLength(5);
  });

  it('sets and deletes bucket policies', async () => {
    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: '*',
          Action: 's3:GetObject',
          Resource: 'arn:aws:s3:::s3cmd-bucket/sync/*',
        },
      ],
    };
    await writeFile(path.join(work, 'policy.json'), JSON.stringify(policy));
    await ok('setpolicy', 'policy.json', 's3://s3cmd-bucket');
    expect(await ok('info', 's3://s3cmd-bucket')).toContain('"s3:GetObject"');
    let res = await fetch(`${t.store.url}/s3cmd-bucket/sync/sync-1.txt`);
    expect(await res.text()).toBe('sync 1');
    await ok('delpolicy', 's3://s3cmd-bucket');
    res = await fetch(`${t.store.url}/s3cmd-bucket/sync/sync-1.txt`);
    expect(res.status).toBe(403);
    await res.arrayBuffer();
  });

  it('lists and aborts multipart uploads, then removes everything', async () => {
    const mc = new Minio.Client({
      endPoint: t.host,
      port: t.port,
      useSSL: false,
      accessKey: ROOT_USER,
      secretKey: ROOT_PASSWORD,
    });
    const uploadId = await mc.initiateNewMultipartUpload('s3cmd-bucket', 'pending/upload.bin', {});
    expect(await ok('multipart', 's3://s3cmd-bucket')).toContain(uploadId);
    await ok('abortmp', 's3://s3cmd-bucket/pending/upload.bin', uploadId);
    expect(await ok('multipart', 's3://s3cmd-bucket')).not.toContain(uploadId);
    const notEmpty = await s3cmd('rb', 's3://s3cmd-bucket');
    expect(notEmpty.stderr).toContain('BucketNotEmpty');
    await ok('del', '--recursive', '--force', 's3://s3cmd-bucket/');
    expect(await ok('rb', 's3://s3cmd-bucket')).toContain('removed');
    expect(await ok('ls')).not.toContain('s3cmd-bucket');
  });

  it('sets, shows and deletes a bucket CORS configuration; refuses public ACLs under BucketOwnerEnforced', async () => {
    await ok('mb', 's3://s3cmd-cors');
    await writeFile(
      path.join(work, 'cors.xml'),
      '<CORSConfiguration><CORSRule><AllowedOrigin>https://app.example.com</AllowedOrigin><AllowedMethod>GET</AllowedMethod></CORSRule></CORSConfiguration>',
    );
    await ok('setcors', 'cors.xml', 's3://s3cmd-cors');
    const info = await ok('info', 's3://s3cmd-cors');
    expect(info).toContain('https://app.example.com');
    await ok('delcors', 's3://s3cmd-cors');
    expect(await ok('info', 's3://s3cmd-cors')).not.toContain('https://app.example.com');
    const pub = await s3cmd('setacl', '--acl-public', 's3://s3cmd-cors');
    expect(pub.code).not.toBe(0);
    expect(pub.stderr).toContain('AccessControlListNotSupported');
  });
});
