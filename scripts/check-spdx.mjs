#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// Every source file of the project starts with its SPDX licence line (CONTRIBUTING.md, "Licence
// headers"). `node scripts/check-spdx.mjs` lists the files without one and fails (part of
// `npm run lint`); `node scripts/check-spdx.mjs --fix` adds the line where it is missing.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ID = 'SPDX-License-Identifier: Apache-2.0';

/** Comment syntax per file kind; the line goes first, after a shebang if there is one. */
const COMMENT = {
  '.ts': '//',
  '.tsx': '//',
  '.js': '//',
  '.mjs': '//',
  '.cjs': '//',
  '.mts': '//',
  '.cts': '//',
  '.go': '//',
  '.sh': '#',
  '.py': '#',
};

/** Files tracked by git or new and not ignored: what would be committed. */
function sourceFiles() {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .split('\0')
    .filter((f) => f !== '' && COMMENT[path.extname(f)] !== undefined)
    .filter((f) => !f.split('/').includes('node_modules') && !f.split('/').includes('dist'));
}

/** The head of a file holds the identifier within its first lines (a shebang or `//go:build` first). */
function hasHeader(text) {
  return text.split('\n', 5).some((line) => line.includes(ID));
}

function withHeader(text, comment, ext) {
  // In Go a comment right above `package` is the package's documentation: keep a blank line between.
  const line = `${comment} ${ID}\n${ext === '.go' ? '\n' : ''}`;
  if (text.startsWith('#!')) {
    const end = text.indexOf('\n') + 1;
    return text.slice(0, end) + line + text.slice(end);
  }
  return line + text;
}

const fix = process.argv.includes('--fix');
const missing = [];
for (const file of sourceFiles()) {
  const full = path.join(root, file);
  let text;
  try {
    text = readFileSync(full, 'utf8');
  } catch {
    continue; // deleted in the working tree, not yet staged
  }
  if (hasHeader(text)) continue;
  if (fix) writeFileSync(full, withHeader(text, COMMENT[path.extname(file)], path.extname(file)));
  else missing.push(file);
}
if (fix) {
  console.log('spdx: every source file has its licence line');
} else if (missing.length > 0) {
  for (const f of missing) console.error(`${f}: no "${ID}" line at the top`);
  console.error(
    `spdx: ${missing.length} file(s) without a licence line; add them with: node scripts/check-spdx.mjs --fix`,
  );
  process.exit(1);
} else {
  console.log('spdx: every source file has its licence line');
}
