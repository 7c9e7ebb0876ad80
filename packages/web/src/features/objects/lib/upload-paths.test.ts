// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import {
  type DroppedEntry,
  splitRelativePath,
  targetsFromEntries,
  targetsFromFileList,
  uploadPrefix,
} from './upload-paths';

function fileEntry(fullPath: string, content = 'x'): DroppedEntry {
  const name = fullPath.slice(fullPath.lastIndexOf('/') + 1);
  return {
    isFile: true,
    isDirectory: false,
    name,
    fullPath,
    file: (ok) => ok(new File([content], name)),
  };
}

/** A directory whose reader hands out its children in batches of two, like Chromium's batches of 100. */
function dirEntry(fullPath: string, children: DroppedEntry[]): DroppedEntry {
  return {
    isFile: false,
    isDirectory: true,
    name: fullPath.slice(fullPath.lastIndexOf('/') + 1),
    fullPath,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok) => {
          const batch = children.slice(at, at + 2);
          at += batch.length;
          setTimeout(() => ok(batch), 0);
        },
      };
    },
  };
}

describe('upload paths (issue 7: folder upload and drag-and-drop)', () => {
  it('splits relative paths into folder and file name', () => {
    expect(splitRelativePath('photos/2024/a.jpg')).toEqual({ dir: 'photos/2024/', name: 'a.jpg' });
    expect(splitRelativePath('/a.jpg')).toEqual({ dir: '', name: 'a.jpg' });
  });

  it('builds the upload prefix from the current folder and the relative folder', () => {
    expect(uploadPrefix('', '')).toBe('');
    expect(uploadPrefix('docs/', '')).toBe('docs/');
    expect(uploadPrefix('docs/', 'photos/2024/')).toBe('docs/photos/2024/');
    expect(uploadPrefix('docs/', '/./a//../b/')).toBe('docs/a/b/');
  });

  it('walks dropped folders depth first, reading every batch, keeping relative folders', async () => {
    const drop = [
      fileEntry('/top.txt'),
      dirEntry('/photos', [
        fileEntry('/photos/a.jpg'),
        fileEntry('/photos/b.jpg'),
        dirEntry('/photos/2024', [fileEntry('/photos/2024/c.jpg')]),
        fileEntry('/photos/d.jpg'),
      ]),
      dirEntry('/empty', []),
    ];
    const targets = await targetsFromEntries(drop);
    expect(targets.map((t) => `${t.relativeDir}${t.file.name}`)).toEqual([
      'top.txt',
      'photos/a.jpg',
      'photos/b.jpg',
      'photos/2024/c.jpg',
      'photos/d.jpg',
    ]);
    expect(targets.map((t) => uploadPrefix('in/', t.relativeDir))).toEqual([
      'in/',
      'in/photos/',
      'in/photos/',
      'in/photos/2024/',
      'in/photos/',
    ]);
  });

  it('takes the folder of files picked with a folder input from webkitRelativePath', () => {
    const plain = new File(['1'], 'one.txt');
    const inFolder = Object.assign(new File(['2'], 'two.txt'), { webkitRelativePath: 'pack/sub/two.txt' });
    expect(targetsFromFileList([plain, inFolder]).map((t) => t.relativeDir)).toEqual(['', 'pack/sub/']);
  });
});
