// SPDX-License-Identifier: Apache-2.0
// The installable package, packed and installed once per test run: the Vitest check of the command and
// the browser journey that signs in through it share it. Packs (scripts/pack.mjs, without building: the
// test run built already) when dist/stowage-<version>.tgz is missing or older than a build output, and
// installs it with `npm install -g --prefix dist/installed --offline` (everything is bundled: installing
// needs no network) unless that tarball is the one installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const st = statSync(entry);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(entry).map((n) => newest(path.join(entry, n))));
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
}

/** The installed package: its folder, its `stowage` command, the tarball it came from. */
export function installedPackage() {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const tarball = path.join(root, 'dist', `stowage-${version}.tgz`);
  const prefix = path.join(root, 'dist', 'installed');
  const bin = path.join(prefix, 'bin', 'stowage');
  const inputs = [
    ...['console', 'store', 'madmin', 'policy', 'contracts', 'web'].map((p) =>
      path.join(root, 'packages', p, 'dist'),
    ),
    path.join(root, 'bin'),
    ...['README.md', 'CHANGELOG.md', 'LICENSE', 'docs', 'packaging'].map((f) => path.join(root, f)),
    path.join(root, 'scripts', 'pack.mjs'),
    path.join(root, 'package-lock.json'),
  ];
  if (!existsSync(tarball) || statSync(tarball).mtimeMs < Math.max(...inputs.map(newest))) {
    run(process.execPath, [path.join(root, 'scripts', 'pack.mjs'), '--no-build']);
  }
  // npm gives installed files the tarball's fixed times: a stamp says which tarball is installed.
  const stamp = path.join(prefix, '.installed-from');
  const packed = String(statSync(tarball).mtimeMs);
  if (!existsSync(bin) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== packed) {
    rmSync(prefix, { recursive: true, force: true });
    run('npm', ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball]);
    writeFileSync(stamp, packed);
  }
  const folder = path.join(prefix, 'lib', 'node_modules', 'stowage');
  return { version, tarball, prefix, bin, folder };
}
