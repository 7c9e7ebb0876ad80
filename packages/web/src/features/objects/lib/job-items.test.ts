// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { folderContentsItem, intoItself, renameItem, renameProblem, transferItems } from './job-items';

describe('job items', () => {
  it('keeps each selected name under the destination folder, folders with their slash', () => {
    expect(transferItems(['photos/a.jpg', 'photos/2024/'], 'archive/')).toEqual([
      { source: 'photos/a.jpg', target: 'archive/a.jpg' },
      { source: 'photos/2024/', target: 'archive/2024/' },
    ]);
    expect(transferItems(['top.txt'], '')).toEqual([{ source: 'top.txt', target: 'top.txt' }]);
  });

  it('moves the contents of a whole folder straight into the destination', () => {
    expect(folderContentsItem('photos/', 'backup/')).toEqual({ source: 'photos/', target: 'backup/' });
  });

  it('renames in place: same parent, new last segment', () => {
    expect(renameItem('a/b/old.txt', ' new.txt ')).toEqual({ source: 'a/b/old.txt', target: 'a/b/new.txt' });
    expect(renameItem('a/old/', 'new')).toEqual({ source: 'a/old/', target: 'a/new/' });
    expect(renameItem('old/', 'new')).toEqual({ source: 'old/', target: 'new/' });
  });

  it('says why a new name cannot be used', () => {
    expect(renameProblem('a/x.txt', '  ')).toBe('Enter a name');
    expect(renameProblem('a/x.txt', 'b/c')).toBe('A name cannot contain "/"');
    expect(renameProblem('a/dir/', 'dir')).toBe('Enter a different name');
    expect(renameProblem('a/x.txt', 'y.txt')).toBeNull();
  });

  it('spots a folder put inside itself', () => {
    expect(intoItself(['a/', 'b.txt'], 'a/deeper/')).toBe(true);
    expect(intoItself(['a/'], 'ab/')).toBe(false);
    expect(intoItself(['b.txt'], 'b.txt/')).toBe(false);
  });
});
