// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { fileKind } from './file-kind';
import { deleteRequestFor, needsLargeDownloadNotice, rowActionRules, rowVersion } from './row-rules';

describe('row actions of the listing (spec 1 §2.6)', () => {
  it('enables preview only for previewable objects, share never for folders', () => {
    expect(rowActionRules({ name: 'a/photo.PNG' }, false)).toEqual({
      view: true,
      preview: true,
      share: true,
      download: true,
      delete: true,
    });
    expect(rowActionRules({ name: 'a/data.json' }, false).preview).toBe(false);
    expect(rowActionRules({ name: 'a/movie.mkv' }, false).preview).toBe(true);
    const folder = rowActionRules({ name: 'a/pics.png/' }, false);
    expect(folder.preview).toBe(false);
    expect(folder.share).toBe(false);
    expect(folder.download).toBe(true);
  });

  it('disables delete in rewind mode, and everything but view on rows deleted at the rewind date', () => {
    expect(rowActionRules({ name: 'a.txt' }, true).delete).toBe(false);
    expect(rowActionRules({ name: 'a.txt', delete_flag: true }, true)).toEqual({
      view: true,
      preview: false,
      share: false,
      download: false,
      delete: false,
    });
  });

  it('shows the download notice above 100 MiB for files only', () => {
    expect(needsLargeDownloadNotice({ name: 'big.iso', size: 104_857_600 })).toBe(false);
    expect(needsLargeDownloadNotice({ name: 'big.iso', size: 104_857_601 })).toBe(true);
    expect(needsLargeDownloadNotice({ name: 'dir/' })).toBe(false);
  });

  it('downloads the listed version in rewind mode only', () => {
    expect(rowVersion({ name: 'a.txt', version_id: 'v1' }, true)).toBe('v1');
    expect(rowVersion({ name: 'a.txt', version_id: 'v1' }, false)).toBeUndefined();
    expect(rowVersion({ name: 'd/' }, true)).toBeUndefined();
  });

  it('deletes selected folders recursively', () => {
    expect(deleteRequestFor(['a.txt', 'd/'])).toEqual([
      { path: 'a.txt', recursive: false },
      { path: 'd/', recursive: true },
    ]);
  });

  it('picks the icon family by extension', () => {
    expect(fileKind('x/')).toBe('folder');
    expect(fileKind('a.JPG')).toBe('image');
    expect(fileKind('a.mp4')).toBe('video');
    expect(fileKind('a.mp3')).toBe('audio');
    expect(fileKind('scan.TIFF')).toBe('image');
    expect(fileKind('song.flac')).toBe('audio');
    expect(fileKind('a.pdf')).toBe('pdf');
    expect(fileKind('a.ts')).toBe('code');
    expect(fileKind('a.txt')).toBe('text');
    expect(fileKind('a.tar.gz')).toBe('archive');
    expect(fileKind('.bashrc')).toBe('file');
    expect(fileKind('Makefile')).toBe('file');
  });
});
