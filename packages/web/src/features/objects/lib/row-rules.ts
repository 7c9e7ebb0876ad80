// SPDX-License-Identifier: Apache-2.0
import { LARGE_DOWNLOAD_NOTICE_BYTES, type ObjectItem, previewKind } from '@stowage/contracts';
import { isFolder } from './object-paths';

export interface RowActionRules {
  view: boolean;
  preview: boolean;
  share: boolean;
  download: boolean;
  delete: boolean;
}

/**
 * Which row actions are enabled (spec 1 §2.6): view always; preview only for a previewable extension
 * (§9) of an object; share not for folders; delete not in rewind mode. Rows that were deleted at the rewind
 * date (a delete marker) have nothing to preview, share or download.
 */
export function rowActionRules(item: ObjectItem, rewind: boolean): RowActionRules {
  const folder = isFolder(item.name);
  const deleted = item.delete_flag === true || item.is_delete_marker === true;
  return {
    view: true,
    preview: !folder && !deleted && previewKind(item.name) !== undefined,
    share: !folder && !deleted,
    download: !deleted,
    delete: !rewind,
  };
}

/** Whether starting this download shows 'Download process started, …' (spec 1 §8–9: over 100 MiB). */
export function needsLargeDownloadNotice(item: Pick<ObjectItem, 'name' | 'size'>): boolean {
  return !isFolder(item.name) && (item.size ?? 0) > LARGE_DOWNLOAD_NOTICE_BYTES;
}

/** The version a rewind row refers to ("null" is the null version; folders have none). */
export function rowVersion(item: ObjectItem, rewind: boolean): string | undefined {
  return rewind && !isFolder(item.name) ? item.version_id : undefined;
}

/** The body of POST …/delete-objects for the selected rows: folders are deleted recursively. */
export function deleteRequestFor(names: readonly string[]): { path: string; recursive: boolean }[] {
  return names.map((path) => ({ path, recursive: isFolder(path) }));
}
