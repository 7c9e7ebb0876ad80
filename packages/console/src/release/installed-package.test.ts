// SPDX-License-Identifier: Apache-2.0
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedPackage } from '../../../../scripts/installed-package.mjs';
import { freePort } from '../../../../test-services/daemon.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const rootVersion = (
  JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string }
).version;

/** Every non-test TypeScript file under a folder. */
async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter(
      (f) => !f.includes(`${path.sep}testing${path.sep}`) && !f.includes(`${path.sep}conformance${path.sep}`),
    );
}

/** The environment variables the console and the store read: `env.NAME`, `env['NAME']`, `'NAME'` constants. */
async function variablesRead(): Promise<Set<string>> {
  const names = new Set<string>();
  const files = [
    ...(await sources(path.join(root, 'packages/console/src'))),
    ...(await sources(path.join(root, 'packages/store/src'))),
  ];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    // Reads only: `env.NAME = …` sets a variable for a child process (operator mode's tenants).
    for (const m of text.matchAll(
      /env(?:\.|\[')((?:CONSOLE|STOWAGE|MINIO)_[A-Z0-9_]*[A-Z0-9])\b(?!'?\]?\s*=[^=])/g,
    ))
      names.add(m[1] ?? '');
    for (const m of text.matchAll(/'((?:CONSOLE|STOWAGE)_[A-Z0-9_]*[A-Z0-9])'/g)) names.add(m[1] ?? '');
  }
  names.delete('STOWAGE_CRASH_KILLS'); // a crash-test hook of the store's own tests, not a setting
  return names;
}

// The installable package (issue 40): packed once per run, installed with npm into an empty prefix
// without network, then used as a person would.
describe('the installed stowage package', () => {
  let pkg: ReturnType<typeof installedPackage>;
  beforeAll(() => {
    pkg = installedPackage();
  }, 900_000);

  it('prints the version of the root package.json', async () => {
    const { stdout } = await run(pkg.bin, ['--version']);
    expect(stdout.trim()).toBe(`stowage version ${rootVersion}`);
    expect(path.basename(pkg.tarball)).toBe(`stowage-${rootVersion}.tgz`);
  });

  it('lists every environment variable the console and the store read in --help', async () => {
    const { stdout } = await run(pkg.bin, ['--help']);
    expect(stdout).toMatch(/^stowage \S+ — /);
    expect(stdout).toContain('stowage server ...');
    const read = await variablesRead();
    expect(read.size).toBeGreaterThan(30);
    const missing = [...read].filter((name) => !stdout.includes(name));
    expect(missing).toEqual([]);
  });

  it('runs the store on its own with `stowage server`', async () => {
    const { stdout } = await run(pkg.bin, ['server', '--help']);
    expect(stdout).toMatch(/^Usage: stowage server /);
  });

  it('says a command it does not know, and exits 2', async () => {
    await expect(run(pkg.bin, ['serve'])).rejects.toMatchObject({
      code: 2,
      stderr: 'stowage: unknown command "serve" (try stowage --help)\n',
    });
  });

  it('names the Node version it needs on an older Node, before loading anything', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'stowage-old-node-'));
    try {
      const preload = path.join(dir, 'node20.mjs');
      await writeFile(
        preload,
        "Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '20.19.0' } });\n",
      );
      const script = path.join(pkg.folder, 'bin', 'stowage.mjs');
      await expect(run(process.execPath, ['--import', preload, script, '--version'])).rejects.toMatchObject({
        code: 1,
        stdout: '',
        stderr: expect.stringMatching(/^stowage needs Node\.js 24 or newer; this is Node\.js 20\.19\.0/),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('holds notices that list every package of `npm ls --omit=dev --all` for what ships', async () => {
    const notices = await readFile(path.join(pkg.folder, 'THIRD-PARTY-NOTICES.txt'), 'utf8');
    const { stdout } = await run(
      'npm',
      [
        'ls',
        '--omit=dev',
        '--all',
        '--json',
        '--workspace',
        'packages/console',
        '--workspace',
        'packages/web',
      ],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    ).catch((err: { stdout: string }) => ({ stdout: err.stdout })); // npm ls exits 1 on extraneous packages
    type Tree = { version?: string; extraneous?: boolean; dependencies?: Record<string, Tree> };
    const listed = new Set<string>();
    const seen = new Set<Tree>();
    const walk = (tree: Tree) => {
      if (seen.has(tree)) return;
      seen.add(tree);
      for (const [name, sub] of Object.entries(tree.dependencies ?? {})) {
        // Optional peers that are not installed come without a version, packages nothing depends on
        // (left over in node_modules) as extraneous; our own packages are not third-party.
        if (sub.version && !sub.extraneous && !name.startsWith('@stowage/'))
          listed.add(`${name}@${sub.version}`);
        walk(sub);
      }
    };
    walk(JSON.parse(stdout) as Tree);
    expect(listed.size).toBeGreaterThan(200);
    const absent = [...listed].filter((p) => !notices.includes(`\n${p} — `));
    expect(absent).toEqual([]);
    expect(await readFile(path.join(pkg.folder, 'LICENSE'), 'utf8')).toContain('Apache License');
  });

  describe('started as `stowage`', () => {
    let child: ChildProcess;
    let dataDir: string;
    let consoleUrl: string;
    const output: string[] = [];

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-installed-'));
      const consolePort = await freePort();
      const s3Port = await freePort();
      child = spawn(pkg.bin, [], {
        cwd: dataDir,
        env: {
          PATH: process.env.PATH,
          HOME: dataDir,
          CONSOLE_PORT: String(consolePort),
          STOWAGE_S3_PORT: String(s3Port),
          CONSOLE_HOST: '127.0.0.1',
          STOWAGE_DATA_DIR: path.join(dataDir, 'data'),
          MINIO_ROOT_USER: 'installed-admin',
          MINIO_ROOT_PASSWORD: 'installed-admin-secret',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
      consoleUrl = await new Promise<string>((resolve, reject) => {
        child.stdout?.on('data', (d: Buffer) => {
          output.push(d.toString());
          const m = /Stowage console: (http:\/\/\S+)/.exec(output.join(''));
          if (m?.[1]) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`stowage exited ${code}:\n${output.join('')}`)));
      });
    }, 120_000);

    afterAll(async () => {
      if (child && child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      await rm(dataDir, { recursive: true, force: true });
    });

    it('serves the web app and signs in with the root keys', async () => {
      const index = await fetch(`${consoleUrl}/`);
      expect(index.status).toBe(200);
      expect(await index.text()).toContain('<div id="root">');
      const login = await fetch(`${consoleUrl}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accessKey: 'installed-admin', secretKey: 'installed-admin-secret' }),
      });
      expect(login.status).toBe(204);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const about = await fetch(`${consoleUrl}/api/v1/about`, { headers: { cookie } });
      expect(await about.json()).toEqual({ product: 'Stowage', version: rootVersion, license: 'Apache-2.0' });
      const license = await fetch(`${consoleUrl}/api/v1/license`, { headers: { cookie } });
      expect(license.status).toBe(200);
    });

    it('stops cleanly on SIGTERM', async () => {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    });
  });
});
