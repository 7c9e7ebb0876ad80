import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, ROOT_USER, startTestStore, type TestStore } from './harness.js';
import { cleanEnv, requireTool, run } from './system-tools.js';

// Conformance with MinIO's own Go SDK: conformance/go/src/s3-conformance (minio-go v7 from Debian's
// golang-github-minio-minio-go-v7-dev, built in GOPATH mode) prints PASS/FAIL per check.
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const GOPATH_ROOT = path.join(REPO, 'conformance/go');
const MINIO_GO = '/usr/share/gocode/src/github.com/minio/minio-go/v7';

let t: TestStore;
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
}, 300_000);
afterAll(async () => {
  await t?.stop();
  if (buildDir) await rm(buildDir, { recursive: true, force: true });
});

describe('minio-go (Go SDK)', () => {
  it('passes every check of the Go conformance program', { timeout: 240_000 }, async () => {
    const r = await run(bin, [`${t.host}:${t.port}`, ROOT_USER, ROOT_PASSWORD], {
      env: cleanEnv({}),
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
  });
});
