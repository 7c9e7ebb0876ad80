#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// Builds what is not built yet: the TypeScript packages (tsc -b is incremental) and the web bundle
// (rebuilt only when a source file is newer than the last bundle). Used by `npm start` and `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(cmd, args, label) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`build: ${label} failed`);
    process.exit(r.status ?? 1);
  }
  console.log(`build: ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const st = statSync(entry);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

if (!existsSync(bin('tsc'))) {
  console.error('build: dependencies are missing; run `npm ci` first');
  process.exit(1);
}

// The store's WebAssembly (WAT) into TypeScript modules, when a .wat changed (scripts/assemble-wasm.mjs).
run(process.execPath, [path.join(root, 'scripts', 'assemble-wasm.mjs')], 'WebAssembly modules');
run(bin('tsc'), ['-b', 'tsconfig.json'], 'TypeScript packages');
// Third-party notices of what ships; fails on a licence outside the allow list (docs/licensing.md).
run(process.execPath, [path.join(root, 'scripts', 'notices.mjs')], 'third-party notices');

const web = path.join(root, 'packages', 'web');
const bundle = path.join(web, 'dist', 'index.html');
const sources = [
  path.join(web, 'src'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'public'),
  path.join(root, 'packages', 'contracts', 'src'),
];
const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
if (Math.max(...sources.map(newestMtime)) > built) {
  run(
    bin('vite'),
    ['build', '--config', path.join(web, 'vite.config.ts'), '--logLevel', 'warn'],
    'web bundle',
  );
} else {
  console.log('build: web bundle is up to date');
}
