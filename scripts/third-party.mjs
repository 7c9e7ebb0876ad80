// SPDX-License-Identifier: Apache-2.0
// The shipped dependency tree and its licences: every package the server packages (console, store
// and what they import) and the web bundle depend on at run time, found the way Node resolves them
// from the installed node_modules. Used by scripts/notices.mjs (the notices file and the licence gate)
// and by its test.
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** Licences a shipped dependency may carry (SPDX ids): permissive ones only. */
export const ALLOWED_LICENSES = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  // SIL Open Font License: the one font the web bundle carries (Inter); it may be bundled and sold with
  // any software, only not sold on its own.
  'OFL-1.1',
  'Python-2.0',
  'Unlicense',
  'Zlib',
]);

/** The workspace packages whose run-time dependencies ship (the web bundle's included). */
export const SHIPPED_ROOTS = ['packages/console', 'packages/web'];

const LICENSE_FILE = /^(licen[cs]e|copying)(\.|-|$)/i;

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The folder of `name` as Node finds it from `fromDir` (node_modules up the tree), or null. */
function resolvePackageDir(name, fromDir, root) {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dir === root || path.dirname(dir) === dir) return null;
    dir = path.dirname(dir);
  }
}

/** The licence expression of a package.json (`license`, or the old `licenses` array). */
export function licenseOf(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license && typeof pkg.license.type === 'string') return pkg.license.type;
  if (Array.isArray(pkg.licenses) && pkg.licenses.length > 0) {
    const ids = pkg.licenses.map((l) => (typeof l === 'string' ? l : l.type));
    return ids.length === 1 ? ids[0] : `(${ids.join(' OR ')})`;
  }
  return 'UNKNOWN';
}

/**
 * Whether an SPDX expression is allowed: `A OR B` when one side is, `A AND B` when both are
 * (parentheses and `WITH` exceptions read plainly; an exception never widens what is allowed).
 */
export function isAllowed(expression) {
  const tokens = expression.replace(/[()]/g, ' ').trim().split(/\s+/);
  // Without parentheses nesting in the tree today, read OR of ANDs.
  const alternatives = tokens.join(' ').split(/ OR /i);
  return alternatives.some((alt) =>
    alt
      .split(/ AND /i)
      .map((term) => term.replace(/ WITH .*/i, '').trim())
      .every((id) => ALLOWED_LICENSES.has(id)),
  );
}

function licenseText(dir) {
  const files = readdirSync(dir)
    .filter((f) => LICENSE_FILE.test(f))
    .sort();
  if (files.length === 0) return null;
  return files.map((f) => readFileSync(path.join(dir, f), 'utf8').trim()).join('\n\n');
}

/**
 * The installed tree under `roots` (workspace folders), as Node resolves it: every package folder they
 * need at run time — their `dependencies`, and the optional and peer dependencies that are installed,
 * recursively — with its package.json; `ours` marks the workspace packages themselves.
 */
export function walkTree(root, roots) {
  const found = [];
  const queue = roots.map((r) => path.join(root, r));
  const visited = new Set();
  while (queue.length > 0) {
    const dir = queue.shift();
    if (visited.has(dir)) continue;
    visited.add(dir);
    const pkg = readJson(path.join(dir, 'package.json'));
    found.push({ dir, pkg, ours: !dir.includes(`${path.sep}node_modules${path.sep}`) });
    const required = Object.keys(pkg.dependencies ?? {});
    // Optional and peer dependencies ship when they are installed (npm installs peers).
    const optional = [
      ...Object.keys(pkg.optionalDependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}),
    ];
    for (const name of [...new Set([...required, ...optional])].sort()) {
      const dep = resolvePackageDir(name, dir, root);
      if (dep) queue.push(dep);
      else if (!optional.includes(name)) {
        throw new Error(`${pkg.name} needs ${name}, which is not installed (run npm ci)`);
      }
    }
  }
  return found;
}

/**
 * Every third-party package the shipped roots need at run time (`walkTree`), once per name@version,
 * with its licence and licence text; sorted by name, then version.
 */
export function shippedPackages(root) {
  const seen = new Map();
  for (const { dir, pkg, ours } of walkTree(root, SHIPPED_ROOTS)) {
    const key = `${pkg.name}@${pkg.version}`;
    if (ours || seen.has(key)) continue;
    seen.set(key, {
      name: pkg.name,
      version: pkg.version,
      dir,
      license: licenseOf(pkg),
      repository: typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url,
      text: licenseText(dir),
    });
  }
  return [...seen.values()].sort((a, b) =>
    a.name === b.name ? a.version.localeCompare(b.version) : a.name.localeCompare(b.name),
  );
}
