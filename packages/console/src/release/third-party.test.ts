// SPDX-License-Identifier: Apache-2.0
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowed, licenseOf, shippedPackages } from '../../../../scripts/third-party.mjs';

// The licence gate of the build (scripts/third-party.mjs, docs/licensing.md).
describe('the licence allow list', () => {
  it('takes permissive licences and SPDX expressions with an allowed side', () => {
    for (const ok of [
      'MIT',
      'Apache-2.0',
      'ISC',
      'BSD-3-Clause',
      '0BSD',
      '(MIT OR Apache-2.0)',
      '(MIT OR GPL-3.0-or-later)',
      'MIT AND ISC',
      'Apache-2.0 WITH LLVM-exception',
    ]) {
      expect(isAllowed(ok), ok).toBe(true);
    }
  });

  it('refuses copyleft, unknown and AND-ed copyleft licences', () => {
    for (const no of [
      'GPL-3.0',
      'AGPL-3.0-only',
      'LGPL-2.1',
      'MPL-2.0',
      'UNKNOWN',
      'SEE LICENSE IN LICENSE.txt',
      'MIT AND GPL-2.0',
    ]) {
      expect(isAllowed(no), no).toBe(false);
    }
  });

  it('reads the licence of old package.json forms', () => {
    expect(licenseOf({ license: 'MIT' })).toBe('MIT');
    expect(licenseOf({ license: { type: 'ISC' } })).toBe('ISC');
    expect(licenseOf({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })).toBe('(MIT OR Apache-2.0)');
    expect(licenseOf({})).toBe('UNKNOWN');
  });
});

describe('the shipped tree', () => {
  let root: string;
  const write = async (rel: string, json: object, license?: string) => {
    await mkdir(path.join(root, rel), { recursive: true });
    await writeFile(path.join(root, rel, 'package.json'), JSON.stringify(json));
    if (license) await writeFile(path.join(root, rel, 'LICENSE'), license);
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'stowage-tree-'));
    await write('packages/console', {
      name: '@stowage/console',
      version: '1.0.0',
      dependencies: { a: '1', '@stowage/store': '1' },
      devDependencies: { dev: '1' },
    });
    await write('packages/store', { name: '@stowage/store', version: '1.0.0', dependencies: { a: '2' } });
    await write('packages/store/node_modules/a', { name: 'a', version: '2.0.0', license: 'GPL-3.0' });
    await write('packages/web', { name: '@stowage/web', version: '1.0.0', dependencies: { b: '1' } });
    // npm links workspace packages into node_modules.
    await mkdir(path.join(root, 'node_modules/@stowage'), { recursive: true });
    await symlink('../../packages/store', path.join(root, 'node_modules/@stowage/store'));
    await write('node_modules/a', { name: 'a', version: '1.0.0', license: 'MIT' }, 'MIT text of a');
    await write(
      'node_modules/b',
      {
        name: 'b',
        version: '1.0.0',
        license: 'ISC',
        peerDependencies: { c: '1', missing: '1' },
        peerDependenciesMeta: { missing: { optional: true } },
      },
      'ISC text of b',
    );
    await write('node_modules/c', { name: 'c', version: '3.0.0', license: 'MIT' });
    await write('node_modules/dev', { name: 'dev', version: '1.0.0', license: 'GPL-3.0' });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('follows dependencies as Node resolves them (nested first), installed peers included, dev ones not', () => {
    const found = shippedPackages(root).map((p) => `${p.name}@${p.version} ${p.license}`);
    expect(found).toEqual(['a@1.0.0 MIT', 'a@2.0.0 GPL-3.0', 'b@1.0.0 ISC', 'c@3.0.0 MIT']);
  });

  it('keeps each package’s licence text, and names the ones the allow list refuses', () => {
    const packages = shippedPackages(root);
    expect(packages.find((p) => p.name === 'b')?.text).toBe('ISC text of b');
    expect(packages.find((p) => p.name === 'c')?.text).toBeNull();
    expect(packages.filter((p) => !isAllowed(p.license)).map((p) => `${p.name}@${p.version}`)).toEqual([
      'a@2.0.0',
    ]);
  });
});
