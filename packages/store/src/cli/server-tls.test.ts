// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boto3Report } from '../s3/conformance/boto3.js';
import { cleanEnv, requireTool, run } from '../s3/conformance/system-tools.js';
import { childEnv, runToExit, type ServerProcess, startServerProcess } from './testing/server-process.js';
import { makeOtherKey, makeTestCerts, type TestCerts, tlsClient } from './testing/test-certs.js';

/**
 * `stowage server --certs-dir`: with a CA and a server certificate made by openssl, S3 is served over
 * HTTPS only and awscli (--ca-bundle), the minio SDK and boto3 (its conformance checks) work; a bad key
 * pair stops the start with one line naming the file.
 */

const USER = 'tls-root';
const PASSWORD = 'tls-root-secret-1';
let dir: string;
let certs: TestCerts;
let server: ServerProcess;

beforeAll(async () => {
  requireTool('/usr/bin/openssl', 'openssl');
  dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-cli-tls-'));
  certs = await makeTestCerts(dir);
  const dispatcher = new Agent({ connect: { ca: certs.ca } });
  server = await startServerProcess(
    ['--address', '127.0.0.1:0', '--certs-dir', certs.certsDir, `${dir}/d{1...4}`],
    childEnv({ MINIO_ROOT_USER: USER, MINIO_ROOT_PASSWORD: PASSWORD }),
    async (url) => (await undiciFetch(`${url}/minio/health/live`, { dispatcher })).ok,
  );
}, 120_000);
afterAll(async () => {
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('stowage server with TLS', { timeout: 240_000 }, () => {
  it('serves HTTPS only: the URL is https and plain HTTP on the port gets no S3 answer', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const plain = server.url.replace('https://', 'http://');
    const answer = await fetch(`${plain}/minio/health/live`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect(answer).not.toBe(200);
  });

  it('works with awscli given the CA bundle', async () => {
    requireTool('/usr/bin/aws', 'awscli');
    await writeFile(
      path.join(dir, 'aws-config'),
      '[default]\nregion = us-east-1\ns3 =\n    addressing_style = path\n',
    );
    await writeFile(path.join(dir, 'upload.txt'), 'over https with awscli');
    const env = cleanEnv({
      AWS_CONFIG_FILE: path.join(dir, 'aws-config'),
      AWS_SHARED_CREDENTIALS_FILE: path.join(dir, 'no-credentials'),
      AWS_ACCESS_KEY_ID: USER,
      AWS_SECRET_ACCESS_KEY: PASSWORD,
      AWS_EC2_METADATA_DISABLED: 'true',
      HOME: dir,
    });
    const aws = (...args: string[]) =>
      run('/usr/bin/aws', ['--endpoint-url', server.url, '--ca-bundle', certs.caFile, ...args], {
        env,
        cwd: dir,
      });
    const mb = await aws('s3', 'mb', 's3://aws-tls');
    expect(mb.code, mb.stderr).toBe(0);
    const up = await aws('s3', 'cp', path.join(dir, 'upload.txt'), 's3://aws-tls/a.txt');
    expect(up.code, up.stderr).toBe(0);
    const down = await aws('s3', 'cp', 's3://aws-tls/a.txt', path.join(dir, 'download.txt'));
    expect(down.code, down.stderr).toBe(0);
    expect(await readFile(path.join(dir, 'download.txt'), 'utf8')).toBe('over https with awscli');
    // Without the CA the certificate is refused.
    const untrusted = await run('/usr/bin/aws', ['--endpoint-url', server.url, 's3', 'ls'], {
      env,
      cwd: dir,
    });
    expect(untrusted.code).not.toBe(0);
    expect(untrusted.stderr).toMatch(/CERTIFICATE_VERIFY_FAILED|SSL/);
  });

  it('works with the minio SDK trusting the CA', async () => {
    const c = tlsClient(server.url, USER, PASSWORD, certs.ca);
    await c.makeBucket('sdk-tls');
    await c.putObject('sdk-tls', 'k', 'over https with minio-js');
    const parts: Buffer[] = [];
    for await (const chunk of await c.getObject('sdk-tls', 'k')) parts.push(chunk as Buffer);
    expect(Buffer.concat(parts).toString()).toBe('over https with minio-js');
  });

  it("passes boto3's conformance checks over HTTPS (AWS_CA_BUNDLE)", async () => {
    const seen = await boto3Report('boto3_checks', [server.url, USER, PASSWORD, 'tls'], {
      AWS_CA_BUNDLE: certs.caFile,
    });
    expect(seen.get_body_ok).toBe(true);
    expect(seen.head_sha256).toBe(seen.expected.sha256);
    expect(seen.complete_sha1).toBe(seen.expected_composite);
  });

  it('refuses to start with a bad key pair, naming the file in one line', async () => {
    const bad = async (files: Record<string, string | Buffer>): Promise<string> => {
      const d = await mkdtemp(path.join(dir, 'bad-'));
      for (const [name, content] of Object.entries(files)) await writeFile(path.join(d, name), content);
      const r = await runToExit(['server', '--address', '127.0.0.1:0', '--certs-dir', d, `${d}/d{1...4}`]);
      expect(r.code).toBe(1);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      return lines[0] as string;
    };
    expect(await bad({ 'public.crt': certs.cert })).toMatch(
      /^Error: TLS: .*public\.crt has no private key beside it \(.*private\.key is missing\)$/,
    );
    expect(await bad({ 'private.key': certs.key })).toMatch(
      /^Error: TLS: .*private\.key has no certificate beside it/,
    );
    expect(await bad({ 'public.crt': 'not a certificate', 'private.key': certs.key })).toMatch(
      /^Error: TLS: .*public\.crt is not a PEM certificate/,
    );
    expect(await bad({ 'public.crt': certs.cert, 'private.key': 'garbage' })).toMatch(
      /^Error: TLS: .*private\.key is not an unencrypted PEM private key/,
    );
    const other = await readFile(await makeOtherKey(dir));
    expect(await bad({ 'public.crt': certs.cert, 'private.key': other })).toMatch(
      /^Error: TLS: .*private\.key is not the key of the certificate .*public\.crt \(CN=localhost\)$/,
    );
  });
});
