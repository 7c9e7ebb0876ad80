// SPDX-License-Identifier: Apache-2.0
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestCerts, type TestCerts } from '../../cli/testing/test-certs.js';
import { ROOT_PASSWORD, ROOT_USER, startTestStore, type TestStore, TWO_POOLS } from './harness.js';
import { cleanEnv, requireTool, run } from './system-tools.js';

// Conformance with MinIO's own Go SDK: conformance/go/src/s3-conformance (minio-go v7 from Debian's
// golang-github-minio-minio-go-v7-dev, built in GOPATH mode) prints PASS/FAIL per check.
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const GOPATH_ROOT = path.join(REPO, 'conformance/go');
const MINIO_GO = '/usr/share/gocode/src/github.com/minio/minio-go/v7';

let t: TestStore;
/** The same store over HTTPS (a test CA's certificate): the program runs against both. */
let tlsStore: TestStore;
/** A store of two server pools (issue 32): one namespace over two erasure sets. */
let poolsStore: TestStore;
let certs: TestCerts;
let bin: string;
let buildDir: string;

beforeAll(async () => {
  requireTool('/usr/bin/go', 'golang-go');
  requireTool(MINIO_GO, 'golang-github-minio-minio-go-v7-dev');
  if (!existsSync(path.join(GOPATH_ROOT, 'src/s3-conformance/main.go'))) {
    throw new Error(`the Go conformance program is missing at ${GOPATH_ROOT}/src/s3-conformance`);
  }
  buildDir = await mkdtemp(path.join(tmpdir(), 'stowage-go-s3-'));
  bin = path.join(buildDir, 's3-conformance');
  const env = cleanEnv({
    GO111MODULE: 'off',
    GOPROXY: 'off',
    GOFLAGS: '',
    GOPATH: `${GOPATH_ROOT}:/usr/share/gocode`,
    HOME: process.env.HOME ?? buildDir,
  });
  const build = await run('/usr/bin/go', ['build', '-o', bin, '.'], {
    env,
    cwd: path.join(GOPATH_ROOT, 'src/s3-conformance'),
    timeoutMs: 240_000,
  });
  if (build.code !== 0) throw new Error(`go build of s3-conformance failed:\n${build.stderr}${build.stdout}`);
  t = await startTestStore();
  certs = await makeTestCerts(buildDir);
  tlsStore = await startTestStore(4, { tls: { cert: certs.cert, key: certs.key } });
  poolsStore = await startTestStore(4, { pools: TWO_POOLS });
}, 300_000);
afterAll(async () => {
  await t?.stop();
  await tlsStore?.stop();
  await poolsStore?.stop();
  if (buildDir) await rm(buildDir, { recursive: true, force: true });
});

/** Runs the program against `endpoint` and expects a PASS line for every check it holds. */
async function expectAllChecksPass(endpoint: string, env: Record<string, string>): Promise<void> {
  const r = await run(bin, [endpoint, ROOT_USER, ROOT_PASSWORD], {
    env: cleanEnv(env),
    timeoutMs: 200_000,
  });
  const lines = r.stdout.split('\n').filter((l) => /^(PASS|FAIL) /.test(l));
  const failures = lines.filter((l) => l.startsWith('FAIL '));
  expect(failures, r.stdout + r.stderr).toEqual([]);
  expect(r.code, r.stdout + r.stderr).toBe(0);
  // Every check in the program reported, so a check that silently stops running is noticed.
  const dir = path.join(GOPATH_ROOT, 'src/s3-conformance');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.go'));
  const sources = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  const checks = sources.reduce((n, src) => n + (src.match(/^\t+check\("/gm)?.length ?? 0), 0);
  expect(checks).toBeGreaterThanOrEqual(15);
  expect(lines).toHaveLength(checks);
}

describe('minio-go (Go SDK)', () => {
  it('passes every check of the Go conformance program', { timeout: 240_000 }, async () => {
    await expectAllChecksPass(`${t.host}:${t.port}`, {});
  });

  it('passes every check over HTTPS, trusting the CA through SSL_CERT_FILE', {
    timeout: 240_000,
  }, async () => {
    expect(tlsStore.store.url).toMatch(/^https:/);
    await expectAllChecksPass(tlsStore.store.url, { SSL_CERT_FILE: certs.caFile });
  });

  it('passes every check against a store of two server pools', { timeout: 240_000 }, async () => {
    await expectAllChecksPass(`${poolsStore.host}:${poolsStore.port}`, {});
  });
});
