// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCert } from '../../cli/testing/test-certs.js';
import { ROOT_PASSWORD, ROOT_USER, startTestStore, type TestStore } from '../conformance/harness.js';
import { cleanEnv, requireTool, run } from '../conformance/system-tools.js';

// SSE with MinIO's own Go SDKs: conformance/go/src/sse-conformance (minio-go v7: SSE-C and SSE-S3; madmin-go:
// KMS status and keys), over HTTPS with a certificate made here by openssl (minio-go refuses SSE-C over HTTP).
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const GOPATH_ROOT = path.join(REPO, 'conformance/go');
const PROGRAM = path.join(GOPATH_ROOT, 'src/sse-conformance');

let t: TestStore;
let work: string;
let bin: string;

beforeAll(async () => {
  requireTool('/usr/bin/go', 'golang-go');
  requireTool('/usr/bin/openssl', 'openssl');
  requireTool('/usr/share/gocode/src/github.com/minio/minio-go/v7', 'golang-github-minio-minio-go-v7-dev');
  requireTool('/usr/share/gocode/src/github.com/minio/madmin-go', 'golang-github-minio-madmin-go-dev');
  if (!existsSync(path.join(PROGRAM, 'main.go')))
    throw new Error(`the Go SSE program is missing at ${PROGRAM}`);
  work = await mkdtemp(path.join(tmpdir(), 'stowage-go-sse-'));
  bin = path.join(work, 'sse-conformance');
  const env = cleanEnv({
    GO111MODULE: 'off',
    GOPROXY: 'off',
    GOFLAGS: '',
    GOPATH: `${GOPATH_ROOT}:/usr/share/gocode`,
    HOME: process.env.HOME ?? work,
  });
  const build = await run('/usr/bin/go', ['build', '-o', bin, '.'], {
    env,
    cwd: PROGRAM,
    timeoutMs: 240_000,
  });
  if (build.code !== 0)
    throw new Error(`go build of sse-conformance failed:\n${build.stderr}${build.stdout}`);
  const pair = await makeCert(work, 'server', {
    subject: '/CN=127.0.0.1',
    extensions: ['subjectAltName=IP:127.0.0.1'],
  });
  t = await startTestStore(4, {
    env: { MINIO_KMS_SECRET_KEY: `go-key:${randomBytes(32).toString('base64')}` },
    tls: { cert: pair.cert, key: pair.key },
  });
}, 300_000);
afterAll(async () => {
  await t?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('minio-go and madmin-go (Go SDKs) with server-side encryption', () => {
  it('passes every check of the Go SSE program', { timeout: 180_000 }, async () => {
    const r = await run(bin, [`${t.host}:${t.port}`, ROOT_USER, ROOT_PASSWORD], {
      env: cleanEnv({}),
      timeoutMs: 150_000,
    });
    const lines = r.stdout.split('\n').filter((l) => /^(PASS|FAIL) /.test(l));
    expect(
      lines.filter((l) => l.startsWith('FAIL ')),
      r.stdout + r.stderr,
    ).toEqual([]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const source = await readFile(path.join(PROGRAM, 'main.go'), 'utf8');
    const checks = source.match(/^\tcheck\("/gm)?.length ?? 0;
    expect(checks).toBeGreaterThanOrEqual(9);
    expect(lines).toHaveLength(checks);
  });
});
