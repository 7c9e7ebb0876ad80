#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// `npm run pack`: builds, then writes the one installable package, dist/stowage-<version>.tgz.
// The package holds everything it runs — the built server packages and web bundle, and the installed
// run-time dependency tree of the server (bundleDependencies) — so `npm install -g` on it builds nothing
// and fetches nothing. Layout inside the package (the same relative paths Node resolves in a checkout):
//   bin/stowage.mjs                       the command (Node version check, then @stowage/console/cli)
//   node_modules/@stowage/<pkg>/          package.json + dist/ of each workspace package the server needs
//   node_modules/@stowage/web/            the web bundle (dist/), no dependencies: they are bundled in it
//   node_modules/<dependency>/            the server's third-party dependencies, as installed here
//   LICENSE, THIRD-PARTY-NOTICES.txt, README.md, CHANGELOG.md, docs/, packaging/
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { walkTree } from './third-party.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const { version } = rootPkg;
const out = path.join(root, 'dist');
const stage = path.join(out, 'pack', 'stowage');

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`pack: ${cmd} ${args.join(' ')} failed`);
    process.exit(r.status ?? 1);
  }
}

if (!process.argv.includes('--no-build'))
  run(process.execPath, [path.join(root, 'scripts', 'build.mjs')], root);

rmSync(path.join(out, 'pack'), { recursive: true, force: true });
mkdirSync(stage, { recursive: true });

/** Where a folder of the checkout goes in the package. */
function destination(dir) {
  const rel = path.relative(root, dir).split(path.sep);
  if (rel[0] === 'packages') return path.join(stage, 'node_modules', '@stowage', ...rel.slice(1));
  if (rel[0] === 'node_modules') return path.join(stage, ...rel);
  throw new Error(`pack: ${dir} is outside packages/ and node_modules/`);
}

// Left out: what nothing loads at run time — type declarations and TypeScript sources, source maps,
// documentation other than licence files, our compiled tests — half the files, so the install is quicker.
const LICENSE_FILE = /^(licen[cs]e|copying|notice)/i;
const unused = (base) =>
  /\.(d\.)?[mc]?ts$|\.map$|\.tsbuildinfo$|\.test\.js$/.test(base) ||
  (/\.(md|markdown)$/i.test(base) && !LICENSE_FILE.test(base));
const keep = (src) => !unused(path.basename(src));

// The server's tree: workspace packages (package.json + dist, and the store's bin) and third-party ones
// whole (their nested node_modules hold only what the walk finds, copied as entries of their own).
const tree = walkTree(root, ['packages/console']);
for (const { dir, ours } of tree) {
  const dest = destination(dir);
  if (ours) {
    mkdirSync(dest, { recursive: true });
    cpSync(path.join(dir, 'package.json'), path.join(dest, 'package.json'));
    cpSync(path.join(dir, 'dist'), path.join(dest, 'dist'), { recursive: true, filter: keep });
    if (existsSync(path.join(dir, 'bin')))
      cpSync(path.join(dir, 'bin'), path.join(dest, 'bin'), { recursive: true });
  } else {
    const filter = (s) => s === dir || (path.basename(s) !== 'node_modules' && keep(s));
    cpSync(dir, dest, { recursive: true, filter });
  }
}
// The web bundle: built already, its dependencies are inside it (and in the notices).
const web = JSON.parse(readFileSync(path.join(root, 'packages/web/package.json'), 'utf8'));
const webDest = path.join(stage, 'node_modules', '@stowage', 'web');
mkdirSync(webDest, { recursive: true });
writeFileSync(
  path.join(webDest, 'package.json'),
  `${JSON.stringify({ name: web.name, version: web.version, license: web.license, private: true }, null, 2)}\n`,
);
cpSync(path.join(root, 'packages/web/dist'), path.join(webDest, 'dist'), { recursive: true });

// The command, the licence and notices, the documentation, the service example.
cpSync(path.join(root, 'bin'), path.join(stage, 'bin'), { recursive: true });
for (const f of ['LICENSE', 'README.md', 'CHANGELOG.md']) cpSync(path.join(root, f), path.join(stage, f));
cpSync(
  path.join(root, 'packages/console/dist/THIRD-PARTY-NOTICES.txt'),
  path.join(stage, 'THIRD-PARTY-NOTICES.txt'),
);
cpSync(path.join(root, 'docs'), path.join(stage, 'docs'), {
  recursive: true,
  filter: (s) => !s.endsWith('.png'),
});
cpSync(path.join(root, 'packaging'), path.join(stage, 'packaging'), { recursive: true });

const bundled = ['@stowage/console', '@stowage/web'];
const pkg = {
  name: 'stowage',
  version,
  description: rootPkg.description,
  license: rootPkg.license,
  type: 'module',
  bin: { stowage: 'bin/stowage.mjs' },
  engines: { node: '>=24' },
  dependencies: Object.fromEntries(bundled.map((n) => [n, version])),
  bundleDependencies: bundled,
  files: ['bin', 'docs', 'packaging', 'LICENSE', 'THIRD-PARTY-NOTICES.txt', 'README.md', 'CHANGELOG.md'],
};
writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);

run('npm', ['pack', '--pack-destination', out, '--loglevel', 'warn'], stage);
const tarball = path.join(out, `stowage-${version}.tgz`);
if (!existsSync(tarball)) {
  console.error(`pack: npm pack did not write ${tarball}`);
  process.exit(1);
}
rmSync(path.join(out, 'pack'), { recursive: true, force: true });
console.log(`pack: ${path.relative(root, tarball)}`);
