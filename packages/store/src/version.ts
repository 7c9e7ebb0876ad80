// SPDX-License-Identifier: Apache-2.0
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The version of Stowage: the one source of truth is the `version` of the root package.json (named
 * `stowage`), found by walking up from this file — `packages/store/dist/` in a checkout,
 * `node_modules/@stowage/store/dist/` inside the installed package. The console shows it (About) and the
 * store reports it in admin `info`.
 */
export function readStowageVersion(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'stowage' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // no package.json here: keep walking up
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json named "stowage" above ${from}`);
    dir = parent;
  }
}

export const STOWAGE_VERSION = readStowageVersion();
