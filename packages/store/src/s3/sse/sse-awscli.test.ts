// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, ROOT_USER, startTestStore, type TestStore } from '../conformance/harness.js';
import { cleanEnv, type RunResult, requireTool, run } from '../conformance/system-tools.js';
import { SSE_C_HTTP_VARIABLE } from './seal.js';

// Debian's awscli with each SSE kind (`--sse AES256`, `--sse aws:kms --sse-kms-key-id`, `--sse-c`):
// uploads round-trip bit-exact, head-object reports the encryption, and the drive folders hold none
// of the plaintext.
const AWS = '/usr/bin/aws';
const PATTERN = 'AWSCLI-PLAINTEXT-PATTERN-5e0b';
const KEY_NAME = 'cli-key';
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

async function anyFileHolds(dir: string, needle: Buffer): Promise<boolean> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() ? await anyFileHolds(p, needle) : (await readFile(p)).includes(needle)) return true;
  }
  return false;
}

beforeAll(async () => {
  requireTool(AWS, 'awscli');
  t = await startTestStore(4, {
    env: {
      MINIO_KMS_SECRET_KEY: `${KEY_NAME}:${randomBytes(32).toString('base64')}`,
      [SSE_C_HTTP_VARIABLE]: 'on',
    },
  });
  work = await mkdtemp(path.join(tmpdir(), 'stowage-awscli-sse-'));
  await writeFile(
    path.join(work, 'config'),
    '[default]\nregion = us-east-1\ns3 =\n    addressing_style = path\n    multipart_threshold = 5MB\n    multipart_chunksize = 5MB\n',
  );
  env = cleanEnv({
    AWS_CONFIG_FILE: path.join(work, 'config'),
    AWS_SHARED_CREDENTIALS_FILE: path.join(work, 'credentials-none'),
    AWS_ACCESS_KEY_ID: ROOT_USER,
    AWS_SECRET_ACCESS_KEY: ROOT_PASSWORD,
    AWS_EC2_METADATA_DISABLED: 'true',
    HOME: work,
  });
  await ok('s3', 'mb', 's3://cli');
  // Past the 5 MiB multipart threshold set above: the upload is multipart, its parts encrypted.
  const lines: string[] = [];
  for (let i = 0; lines.length * 40 < 6 * 1024 * 1024; i++) lines.push(`${PATTERN} line ${i}\n`);
  await writeFile(path.join(work, 'big.txt'), lines.join(''));
  await writeFile(path.join(work, 'small.txt'), `${PATTERN} small\n`);
  await writeFile(path.join(work, 'customer.key'), randomBytes(32));
});
afterAll(async () => {
  await t?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('awscli server-side encryption', () => {
  const kinds: [string, string[], string[], string][] = [
    ['AES256', ['--sse', 'AES256'], [], '"ServerSideEncryption": "AES256"'],
    [
      'aws:kms',
      ['--sse', 'aws:kms', '--sse-kms-key-id', KEY_NAME],
      [],
      `"SSEKMSKeyId": "arn:aws:kms:${KEY_NAME}"`,
    ],
    [
      'SSE-C',
      ['--sse-c', 'AES256', '--sse-c-key', 'fileb://customer.key'],
      ['--sse-c', 'AES256', '--sse-c-key', 'fileb://customer.key'],
      '"SSECustomerAlgorithm": "AES256"',
    ],
  ];
  for (const [name, putArgs, getArgs, headShows] of kinds) {
    it(`${name}: cp up and down bit-exact, head-object shows it`, async () => {
      // The small (single PUT) file with SSE-C only: the other kinds' single PUTs are covered by sse.test.ts.
      for (const file of name === 'SSE-C' ? ['big.txt', 'small.txt'] : ['big.txt']) {
        const key = `${name}/${file}`;
        await ok('s3', 'cp', file, `s3://cli/${key}`, ...putArgs);
        await ok('s3', 'cp', `s3://cli/${key}`, `back-${file}`, ...getArgs);
        const [a, b] = await Promise.all([
          readFile(path.join(work, file)),
          readFile(path.join(work, `back-${file}`)),
        ]);
        expect(b.equals(a)).toBe(true);
        const headArgs =
          getArgs.length > 0
            ? ['--sse-customer-algorithm', 'AES256', '--sse-customer-key', 'fileb://customer.key']
            : [];
        expect(
          await ok('s3api', 'head-object', '--bucket', 'cli', '--key', key, '--output', 'json', ...headArgs),
        ).toContain(headShows);
      }
    });
  }

  it('SSE-C download without the key fails; the drives hold no plaintext', async () => {
    const r = await aws('s3', 'cp', 's3://cli/SSE-C/big.txt', 'nokey.txt');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/400|Bad Request|InvalidRequest/);
    expect(await anyFileHolds(t.dataDir, Buffer.from(PATTERN))).toBe(false);
  });
});
