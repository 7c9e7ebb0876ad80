#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// Third-party notices, generated at build from the installed dependency tree of what ships
// (scripts/third-party.mjs): `packages/console/dist/licenses.json` (the project's licence and the
// notices: the License page reads it) and `packages/console/dist/THIRD-PARTY-NOTICES.txt` (put in the package by `npm run pack`).
// Fails, naming each package, when a shipped dependency's licence is not in the allow list
// (docs/licensing.md says what is allowed and why).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAllowed, shippedPackages } from './third-party.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'packages', 'console', 'dist');

const packages = shippedPackages(root);
const refused = packages.filter((p) => !isAllowed(p.license));
if (refused.length > 0) {
  for (const p of refused) {
    console.error(`notices: ${p.name}@${p.version} is licensed ${p.license}, not in the allow list`);
  }
  console.error('notices: see docs/licensing.md (allowed licences, what to do with another one)');
  process.exit(1);
}

const noText = (p) =>
  `(${p.name} ships no licence file; its package.json names the licence ${p.license}: ` +
  `https://spdx.org/licenses/${p.license.replace(/[()]/g, '').split(' ')[0]}.html)`;
const notices = packages.map((p) => ({
  name: p.name,
  version: p.version,
  license: p.license,
  ...(p.repository ? { repository: p.repository } : {}),
  text: p.text ?? noText(p),
}));

mkdirSync(out, { recursive: true });
const licenses = {
  product: 'Stowage',
  license: {
    id: 'Apache-2.0',
    name: 'Apache License 2.0',
    text: readFileSync(path.join(root, 'LICENSE'), 'utf8'),
  },
  notices,
};
writeFileSync(path.join(out, 'licenses.json'), `${JSON.stringify(licenses)}\n`);
const rule = '-'.repeat(78);
const txt = [
  'Stowage ships with the following third-party software. Each package is listed with its version,',
  'its licence (SPDX) and the licence text it is distributed under.',
  '',
  ...notices.flatMap((n) => [rule, `${n.name}@${n.version} — ${n.license}`, '', n.text, '']),
].join('\n');
writeFileSync(path.join(out, 'THIRD-PARTY-NOTICES.txt'), txt);
console.log(`notices: ${notices.length} packages, every licence allowed`);
