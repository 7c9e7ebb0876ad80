// SPDX-License-Identifier: Apache-2.0
/**
 * Test-only helper: builds and runs the Go cross-check program `conformance/go/src/madmin-crypto`
 * on Debian's madmin-go / minio-go sources in GOPATH mode. Missing system packages make the caller's
 * test fail with the apt command to run, never skip.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const GOCODE = '/usr/share/gocode/src';
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Runs a program with `input` on stdin; rejects with its stderr on a non-zero exit. */
export function runProgram(
  file: string,
  args: string[],
  input: Uint8Array | string,
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<Buffer> {
  return new Promise((done, fail) => {
    const child = execFile(
      file,
      args,
      { encoding: 'buffer', maxBuffer: 64 << 20, env: options.env ?? process.env, cwd: options.cwd },
      (err, stdout, stderr) => {
        if (err) {
          // Conformance programs report their failing step on stdout; keep its tail in the message.
          const out = stdout.toString().slice(-4000);
          fail(new Error(`${file} ${args.join(' ')} failed: ${err.message}\n${stderr.toString()}\n${out}`));
        } else done(stdout);
      },
    );
    child.stdin?.end(input);
  });
}

/** A built Go program. */
export interface GoProgram {
  path: string;
  run(args: string[], input: Uint8Array | string): Promise<Buffer>;
  /** Kept for callers written against the first version; the cached binary stays for the next run. */
  dispose(): Promise<void>;
}

/**
 * Builds `conformance/go/src/<name>` (or reuses the build of the same sources) under
 * `$TMPDIR/stowage-gopath/bin`.
 */
export async function buildGoProgram(name: string): Promise<GoProgram> {
  const missing: string[] = [];
  if (!existsSync('/usr/bin/go')) missing.push('golang-go');
  if (!existsSync(join(GOCODE, 'github.com/minio/madmin-go/encrypt.go'))) {
    missing.push('golang-github-minio-madmin-go-dev');
  }
  if (!existsSync(join(GOCODE, 'github.com/minio/minio-go/v7/pkg/signer'))) {
    missing.push('golang-github-minio-minio-go-v7-dev');
  }
  if (missing.length > 0) {
    throw new Error(
      `The madmin-go cross-check needs Debian packages that are not installed: ${missing.join(', ')}. ` +
        `Install them with: apt-get install -y ${missing.join(' ')} (or run scripts/system-deps.sh as root).`,
    );
  }
  // GOPATH mode: madmin-go and gopsutil are imported with /v2 and /v3 suffixes that Debian's folders
  // lack, so a scratch GOPATH maps those import paths onto Debian's sources with symlinks. It lives at
  // a fixed place so Go's build cache recognises the packages from one run to the next.
  const gopath = join(tmpdir(), 'stowage-gopath');
  const links: Array<[string, string]> = [
    ['github.com/minio/madmin-go/v2', 'github.com/minio/madmin-go'],
    ['github.com/shirou/gopsutil/v3', 'github.com/shirou/gopsutil'],
  ];
  for (const [importPath, folder] of links) {
    const at = join(gopath, 'src', importPath);
    await mkdir(dirname(at), { recursive: true });
    await symlink(join(GOCODE, folder), at).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
  }
  const env = {
    ...process.env,
    GO111MODULE: 'off',
    GOPROXY: 'off',
    GOFLAGS: '',
    GOPATH: [gopath, join(REPO, 'conformance/go'), '/usr/share/gocode'].join(':'),
  };
  // Test files run in parallel and all need the same program: build it once per source version,
  // under a lock, into a path named by the hash of its sources.
  const sourceDir = join(REPO, 'conformance/go/src', name);
  const hash = createHash('sha256');
  for (const file of (await readdir(sourceDir)).sort()) {
    if (file.endsWith('.go')) hash.update(file).update(await readFile(join(sourceDir, file)));
  }
  const path = join(gopath, 'bin', `${name}-${hash.digest('hex').slice(0, 16)}`);
  if (!existsSync(path)) {
    await mkdir(dirname(path), { recursive: true });
    await withLock(`${path}.lock`, async () => {
      if (existsSync(path)) return;
      const partial = `${path}.${process.pid}.tmp`;
      await runProgram('/usr/bin/go', ['build', '-trimpath', '-o', partial, '.'], '', {
        env,
        cwd: sourceDir,
      });
      await rename(partial, path);
    });
  }
  return { path, run: (args, input) => runProgram(path, args, input), dispose: async () => undefined };
}

/** A directory lock (mkdir is atomic); a lock older than 15 minutes is taken as left by a crash. */
async function withLock(lock: string, fn: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > 15 * 60_000) await rm(lock, { recursive: true, force: true });
      else await new Promise((done) => setTimeout(done, 200));
    }
  }
  try {
    await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
