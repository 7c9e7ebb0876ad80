// SPDX-License-Identifier: Apache-2.0
import type { JobItem } from '@stowage/contracts';
import { entryName, isFolder, parentFolder } from './object-paths';

/**
 * The job items of a selection copied or moved into `destPrefix` ('' = the bucket's root, else ending
 * in '/'): each row keeps its name there, a folder with everything under it.
 */
export function transferItems(names: readonly string[], destPrefix: string): JobItem[] {
  return names.map((source) => {
    const name = entryName(source).replace(/\/$/, '');
    return { source, target: `${destPrefix}${name}${isFolder(source) ? '/' : ''}` };
  });
}

/** A whole folder ("select all in this folder"): its contents go straight into `destPrefix`. */
export function folderContentsItem(prefix: string, destPrefix: string): JobItem {
  return { source: prefix, target: destPrefix };
}

/** Why a new name cannot be used, or null. Names are one path segment: no '/'. */
export function renameProblem(oldName: string, newName: string): string | null {
  const trimmed = newName.trim();
  if (trimmed === '') return 'Enter a name';
  if (trimmed.includes('/')) return 'A name cannot contain "/"';
  if (trimmed === entryName(oldName).replace(/\/$/, '')) return 'Enter a different name';
  return null;
}

/** The rename of one row in place: same folder, new last segment (a folder keeps its trailing '/'). */
export function renameItem(oldName: string, newName: string): JobItem {
  const folder = isFolder(oldName);
  const parent = parentFolder(folder ? oldName.slice(0, -1) : oldName);
  return { source: oldName, target: `${parent}${newName.trim()}${folder ? '/' : ''}` };
}

/** Whether copying or moving `names` into `destPrefix` of the same bucket would put a folder inside itself. */
export function intoItself(names: readonly string[], destPrefix: string): boolean {
  return names.some((n) => isFolder(n) && destPrefix.startsWith(n));
}
