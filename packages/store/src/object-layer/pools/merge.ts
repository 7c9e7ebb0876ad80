// SPDX-License-Identifier: Apache-2.0
import { compareKeys } from '../names.js';
import type { ListObjectsResult, ListUploadsResult, ListVersionsResult, ObjectInfo } from '../types.js';

/**
 * Listings over server pools: every pool is asked for the same page (same prefix, delimiter, marker
 * and max-keys) and the pages are merged in key order (a k-way merge of sorted pages). The first
 * max-keys entries of the whole namespace are all among the first max-keys entries of their own pool,
 * so one page per pool is enough; a common prefix found in several pools counts once, and the merged
 * page is truncated when more entries were merged than fit, or when a pool's own page was truncated.
 * A key found in two pools (only while a decommission moves it) shows once: its newest copy.
 */

const DEFAULT_MAX = 1000;

type Entry<T> = { name: string; item: T | null };

function byName<T>(a: Entry<T>, b: Entry<T>): number {
  return compareKeys(a.name, b.name);
}

/** Merge ListObjects-like pages (objects with `key`, common prefixes) of every pool. */
export function mergeObjectPages<T extends { key: string }>(
  pages: readonly ListObjectsResult<T>[],
  maxKeys: number | undefined,
  newer: (a: T, b: T) => boolean,
): ListObjectsResult<T> {
  const max = maxKeys ?? DEFAULT_MAX;
  const out: ListObjectsResult<T> = { objects: [], commonPrefixes: [], isTruncated: false, nextAfter: null };
  if (max <= 0) return out;
  const entries: Entry<T>[] = [];
  for (const p of pages) {
    for (const o of p.objects) entries.push({ name: o.key, item: o });
    for (const c of p.commonPrefixes) entries.push({ name: c, item: null });
  }
  entries.sort(byName);
  const unique: Entry<T>[] = [];
  for (const e of entries) {
    const last = unique[unique.length - 1];
    if (last && last.name === e.name) {
      if (last.item && e.item && newer(e.item, last.item)) last.item = e.item;
      continue;
    }
    unique.push({ ...e });
  }
  const page = unique.slice(0, max);
  for (const e of page) {
    if (e.item) out.objects.push(e.item);
    else out.commonPrefixes.push(e.name);
  }
  out.isTruncated = unique.length > max || pages.some((p) => p.isTruncated);
  out.nextAfter = out.isTruncated ? (page[page.length - 1]?.name ?? null) : null;
  return out;
}

/** Merge ListObjectVersions pages: keys in order, a key's versions newest first. */
export function mergeVersionPages(
  pages: readonly ListVersionsResult[],
  maxKeys: number | undefined,
): ListVersionsResult {
  const max = maxKeys ?? DEFAULT_MAX;
  const out: ListVersionsResult = {
    versions: [],
    commonPrefixes: [],
    isTruncated: false,
    nextKeyMarker: null,
    nextVersionIdMarker: null,
  };
  if (max <= 0) return out;
  const entries: Entry<ObjectInfo>[] = [];
  for (const p of pages) {
    for (const v of p.versions) entries.push({ name: v.key, item: v });
    for (const c of p.commonPrefixes) entries.push({ name: c, item: null });
  }
  // Stable: within one pool a key's versions are already newest first.
  entries.sort((a, b) => {
    const k = byName(a, b);
    if (k !== 0 || !a.item || !b.item) return k;
    return b.item.lastModified.getTime() - a.item.lastModified.getTime();
  });
  const unique: Entry<ObjectInfo>[] = [];
  const seen = new Set<string>();
  for (const e of entries) {
    const id = e.item ? `${e.name}\0${e.item.versionId}` : `${e.name}\0/`;
    if (seen.has(id)) continue;
    seen.add(id);
    unique.push(e);
  }
  const page = unique.slice(0, max);
  for (const e of page) {
    if (e.item) out.versions.push(e.item);
    else out.commonPrefixes.push(e.name);
  }
  out.isTruncated = unique.length > max || pages.some((p) => p.isTruncated);
  if (out.isTruncated) {
    const last = page[page.length - 1];
    out.nextKeyMarker = last?.name ?? null;
    out.nextVersionIdMarker = last?.item ? last.item.versionId : null;
  }
  return out;
}

/** Merge ListMultipartUploads pages: by key, then initiation time, then upload id. */
export function mergeUploadPages(
  pages: readonly ListUploadsResult[],
  maxUploads: number | undefined,
): ListUploadsResult {
  const max = Math.max(maxUploads ?? DEFAULT_MAX, 0);
  const all = pages.flatMap((p) => p.uploads);
  all.sort(
    (a, b) =>
      compareKeys(a.key, b.key) ||
      a.initiated.getTime() - b.initiated.getTime() ||
      compareKeys(a.uploadId, b.uploadId),
  );
  const uploads = all.slice(0, max);
  return { uploads, isTruncated: all.length > max || pages.some((p) => p.isTruncated) };
}
