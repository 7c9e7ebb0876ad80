/**
 * Test-only helper: builds and runs the Go cross-check program `conformance/go/src/madmin-crypto`
 * on Debian's madmin-go / minio-go sources in GOPATH mode. Missing system packages make the caller's
 * test fail with the apt command to run, never skip.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
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
        if (err) fail(new Error(`${file} ${args.join(' ')} failed: ${err.message}\n${stderr.toString()}`));
        else done(stdout);
      },
    );
    child.stdin?.end(input);
  });
}

/** A built Go program and the scratch folder to remove afterwards. */
export interface GoProgram {
  path: string;
  run(args: string[], input: Uint8Array | string): Promise<Buffer>;
  dispose(): Promise<void>;
}

/** Builds `conformance/go/src/<name>` into a temporary folder. */
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
  // lack, so a scratch GOPATH maps those import paths onto Debian's sources with symlinks.
  const work = await mkdtemp(join(tmpdir(), `${name}-`));
  const links: Array<[string, string]> = [
    ['github.com/minio/madmin-go/v2', 'github.com/minio/madmin-go'],
    ['github.com/shirou/gopsutil/v3', 'github.com/shirou/gopsutil'],
  ];
  for (const [importPath, folder] of links) {
    const at = join(work, 'src', importPath);
    await mkdir(dirname(at), { recursive: true });
    await symlink(join(GOCODE, folder), at);
  }
  const path = join(work, name);
  const env = {
    ...process.env,
    GO111MODULE: 'off',
    GOPROXY: 'off',
    GOFLAGS: '',
    GOPATH: [work, join(REPO, 'conformance/go'), '/usr/share/gocode'].join(':'),
  };
  try {
    await runProgram('/usr/bin/go', ['build', '-o', path, '.'], '', {
      env,
      cwd: join(REPO, 'conformance/go/src', name),
    });
  } catch (err) {
    await rm(work, { recursive: true, force: true });
    throw err;
  }
  return {
    path,
    run: (args, input) => runProgram(path, args, input),
    dispose: () => rm(work, { recursive: true, force: true }),
  };
}
