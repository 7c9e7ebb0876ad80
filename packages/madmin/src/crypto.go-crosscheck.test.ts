/**
 * Conformance of the encrypted body format against MinIO's own Go code: bodies encrypted here must
 * decrypt with madmin-go's DecryptData and vice versa, for every algorithm id and the sizes around the
 * 16 KiB fragment boundary (issue 4, Verification). Needs Debian's golang-go and
 * golang-github-minio-madmin-go-dev; without them the test fails and says what to install.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALGORITHM_IDS, decryptData, type EncryptionAlgorithm, encryptData, isEncrypted } from './crypto.js';

const GOCODE = '/usr/share/gocode/src';
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const PROGRAM_DIR = join(REPO, 'conformance/go/src/madmin-crypto');

function run(
  file: string,
  args: string[],
  input: Uint8Array,
  env?: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<Buffer> {
  return new Promise((done, fail) => {
    const child = execFile(
      file,
      args,
      { encoding: 'buffer', maxBuffer: 64 << 20, env: env ?? process.env, cwd },
      (err, stdout, stderr) => {
        if (err) fail(new Error(`${file} ${args.join(' ')} failed: ${err.message}\n${stderr.toString()}`));
        else done(stdout);
      },
    );
    child.stdin?.end(input);
  });
}

let work = '';
let program = '';

beforeAll(async () => {
  const missing: string[] = [];
  if (!existsSync('/usr/bin/go')) missing.push('golang-go');
  if (!existsSync(join(GOCODE, 'github.com/minio/madmin-go/encrypt.go'))) {
    missing.push('golang-github-minio-madmin-go-dev');
  }
  if (missing.length > 0) {
    throw new Error(
      `The madmin-go cross-check needs Debian packages that are not installed: ${missing.join(', ')}. ` +
        `Install them with: apt-get install -y ${missing.join(' ')} (or run scripts/system-deps.sh as root).`,
    );
  }
  // GOPATH mode: madmin-go and gopsutil are imported with /v2 and /v3 suffixes that Debian's folders
  // lack, so a scratch GOPATH maps those import paths onto Debian's sources with symlinks.
  work = await mkdtemp(join(tmpdir(), 'madmin-crypto-'));
  const links: Array<[string, string]> = [
    ['github.com/minio/madmin-go/v2', 'github.com/minio/madmin-go'],
    ['github.com/shirou/gopsutil/v3', 'github.com/shirou/gopsutil'],
  ];
  for (const [importPath, folder] of links) {
    const at = join(work, 'src', importPath);
    await mkdir(dirname(at), { recursive: true });
    await symlink(join(GOCODE, folder), at);
  }
  program = join(work, 'madmin-crypto');
  const env = {
    ...process.env,
    GO111MODULE: 'off',
    GOPROXY: 'off',
    GOFLAGS: '',
    GOPATH: [work, join(REPO, 'conformance/go'), '/usr/share/gocode'].join(':'),
  };
  await run('/usr/bin/go', ['build', '-o', program, '.'], new Uint8Array(0), env, PROGRAM_DIR);
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

const PASSWORD = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const SIZES = [0, 1, 16 * 1024, 16 * 1024 + 1, 1024 * 1024];
const ALGORITHMS = Object.keys(ALGORITHM_IDS) as EncryptionAlgorithm[];

function sample(size: number): Buffer {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = (i * 131 + (i >> 8)) & 0xff;
  return out;
}

describe.each(ALGORITHMS)('%s', (algorithm) => {
  it.each(SIZES)('TypeScript → madmin-go DecryptData, %i bytes', async (size) => {
    const data = sample(size);
    const sealed = await encryptData(PASSWORD, data, { algorithm });
    expect(sealed[32]).toBe(ALGORITHM_IDS[algorithm]);
    const opened = await run(program, ['decrypt', PASSWORD], sealed);
    expect(opened.equals(data)).toBe(true);
  });

  it.each(SIZES)('madmin-go (sio-go) → TypeScript decryptData, %i bytes', async (size) => {
    const data = sample(size);
    const sealed = await run(program, ['encrypt', PASSWORD, String(ALGORITHM_IDS[algorithm])], data);
    expect(isEncrypted(sealed)).toBe(true);
    expect(sealed[32]).toBe(ALGORITHM_IDS[algorithm]);
    expect((await decryptData(PASSWORD, sealed)).equals(data)).toBe(true);
  });
});

describe('madmin-go EncryptData (the algorithm it picks itself)', () => {
  it.each(SIZES)('decrypts in TypeScript, %i bytes', async (size) => {
    const data = sample(size);
    const sealed = await run(program, ['encrypt', PASSWORD, 'auto'], data);
    expect([ALGORITHM_IDS['argon2id-aes-gcm'], ALGORITHM_IDS['argon2id-chacha20']]).toContain(sealed[32]);
    expect((await decryptData(PASSWORD, sealed)).equals(data)).toBe(true);
  });

  it('refuses what madmin-go refuses: a wrong password and a flipped byte', async () => {
    const sealed = await encryptData(PASSWORD, sample(100), { algorithm: 'pbkdf2-aes-gcm' });
    await expect(run(program, ['decrypt', 'another-password'], sealed)).rejects.toThrow(/not authentic/);
    const goSealed = await run(program, ['encrypt', PASSWORD, '2'], sample(100));
    goSealed[goSealed.length - 1]! ^= 1;
    await expect(decryptData(PASSWORD, goSealed)).rejects.toThrow(/not authentic/);
  });
});
