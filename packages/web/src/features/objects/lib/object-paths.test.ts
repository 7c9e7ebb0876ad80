// SPDX-License-Identifier: Apache-2.0
import { links } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import {
  breadcrumbs,
  browsePathFromPathname,
  entryName,
  folderPrefix,
  mayBeObject,
  newFolderPath,
  parentFolder,
  pathTitle,
} from './object-paths';

describe('object browser paths (spec 1 §2.6)', () => {
  it('reads the browse path back from the links the app builds, any characters included', () => {
    for (const path of ['', 'photos/', 'photos/2024/', 'a b/c+d/100%.txt', 'ünï/çødé.md', 'x/#?&/']) {
      const href = links.bucketBrowse('my-bucket', path);
      expect(browsePathFromPathname(href, 'my-bucket')).toBe(path);
    }
    expect(browsePathFromPathname('/buckets/b/browse/', 'b')).toBe('');
  });

  it('lists a folder under its prefix and may treat a path without a trailing slash as an object', () => {
    expect(folderPrefix('')).toBe('');
    expect(folderPrefix('a/b/')).toBe('a/b/');
    expect(folderPrefix('a/b')).toBe('a/b/');
    expect(mayBeObject('a/b')).toBe(true);
    expect(mayBeObject('a/b/')).toBe(false);
    expect(mayBeObject('')).toBe(false);
  });

  it("titles the page with the last segment or '/'", () => {
    expect(pathTitle('')).toBe('/');
    expect(pathTitle('photos/2024/')).toBe('2024');
    expect(pathTitle('photos/2024/a.jpg')).toBe('a.jpg');
    expect(entryName('photos/2024/')).toBe('2024');
  });

  it('builds breadcrumbs from the bucket through each folder, the last one being the object', () => {
    expect(breadcrumbs('b', '')).toEqual([{ label: 'b', path: '' }]);
    expect(breadcrumbs('b', 'a/c/')).toEqual([
      { label: 'b', path: '' },
      { label: 'a', path: 'a/' },
      { label: 'c', path: 'a/c/' },
    ]);
    expect(breadcrumbs('b', 'a/file.txt').map((c) => c.path)).toEqual(['', 'a/', 'a/file.txt']);
  });

  it('finds the parent folder of folders and objects', () => {
    expect(parentFolder('a/b/c.txt')).toBe('a/b/');
    expect(parentFolder('a/b/')).toBe('a/');
    expect(parentFolder('a')).toBe('');
    expect(parentFolder('')).toBe('');
  });

  it('turns a new-path answer into a folder relative to the current one, or from the root with "/"', () => {
    expect(newFolderPath('photos/', 'x/y')).toBe('photos/x/y/');
    expect(newFolderPath('photos/', '/x/y/')).toBe('x/y/');
    expect(newFolderPath('', ' a//./b/../c ')).toBe('a/b/c/');
    expect(newFolderPath('p/', '  ')).toBeUndefined();
    expect(newFolderPath('p/', '/')).toBeUndefined();
  });
});
