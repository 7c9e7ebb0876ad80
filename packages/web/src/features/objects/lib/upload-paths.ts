// SPDX-License-Identifier: Apache-2.0
/**
 * Where uploaded files go (issue 7: folder upload and drag-and-drop keep the folder structure). A file
 * picked from a folder (`webkitRelativePath` "photos/2024/a.jpg") or dropped inside a folder (entry
 * `fullPath` "/photos/2024/a.jpg") is uploaded with `prefix` = current folder + "photos/2024/" and the
 * form part's filename "a.jpg", so the server stores it at prefix + filename.
 */

export interface UploadTarget {
  file: File;
  /** Folder inside the drop or folder pick, '' or ending in '/'. */
  relativeDir: string;
}

/** Splits a relative path into its folder part ('' or ending in '/') and the file name. */
export function splitRelativePath(path: string): { dir: string; name: string } {
  const clean = path.replace(/^\/+/, '');
  const slash = clean.lastIndexOf('/');
  return slash < 0
    ? { dir: '', name: clean }
    : { dir: clean.slice(0, slash + 1), name: clean.slice(slash + 1) };
}

/**
 * The `prefix` query of one upload: the current folder plus the file's relative folder, with empty,
 * '.' and '..' segments dropped (the server refuses them).
 */
export function uploadPrefix(currentPrefix: string, relativeDir: string): string {
  const segs = relativeDir.split('/').filter((s) => s !== '' && s !== '.' && s !== '..');
  return currentPrefix + segs.map((s) => `${s}/`).join('');
}

/** Targets of files from an `<input type=file>` (with `webkitdirectory`, each carries its relative path). */
export function targetsFromFileList(files: Iterable<File>): UploadTarget[] {
  return [...files].map((file) => {
    const rel = (file as File & { webkitRelativePath?: string }).webkitRelativePath ?? '';
    return { file, relativeDir: rel === '' ? '' : splitRelativePath(rel).dir };
  });
}

/** The parts of a `FileSystemEntry` (from `DataTransferItem.webkitGetAsEntry()`) the walk uses. */
export interface DroppedEntry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  /** "/photos/2024/a.jpg" relative to the drop. */
  fullPath: string;
  file?: (success: (file: File) => void, failure?: (err: unknown) => void) => void;
  createReader?: () => {
    readEntries: (success: (entries: DroppedEntry[]) => void, failure?: (err: unknown) => void) => void;
  };
}

function readFile(entry: DroppedEntry): Promise<File> {
  return new Promise((resolve, reject) => {
    if (!entry.file) reject(new Error(`${entry.fullPath} is not a file`));
    else entry.file(resolve, reject);
  });
}

/** Every child of a directory: `readEntries` returns them in batches (Chromium: 100) until an empty one. */
async function readAll(entry: DroppedEntry): Promise<DroppedEntry[]> {
  if (!entry.createReader) return [];
  const reader = entry.createReader();
  const all: DroppedEntry[] = [];
  for (;;) {
    const batch = await new Promise<DroppedEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/** Walks dropped files and folders (depth first) into upload targets keeping their relative folders. */
export async function targetsFromEntries(entries: readonly DroppedEntry[]): Promise<UploadTarget[]> {
  const targets: UploadTarget[] = [];
  const walk = async (entry: DroppedEntry): Promise<void> => {
    if (entry.isFile) {
      const file = await readFile(entry);
      targets.push({ file, relativeDir: splitRelativePath(entry.fullPath || entry.name).dir });
    } else if (entry.isDirectory) {
      for (const child of await readAll(entry)) await walk(child);
    }
  };
  for (const e of entries) await walk(e);
  return targets;
}
