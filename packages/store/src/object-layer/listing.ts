import { entryVersions, MergedScan, prefixEnd } from './catalog-scan.js';
import type { ErasureSet } from './erasure-set.js';
import type { VersionRecord } from './meta.js';
import { compareKeys } from './names.js';
import type {
  ListObjectsOptions,
  ListObjectsResult,
  ListVersionsOptions,
  ListVersionsResult,
} from './types.js';
import { toInfo } from './versions.js';

/**
 * ListObjects and ListObjectVersions over one shared walk (a merged range scan of the drives'
 * catalogs, ./catalog-scan.ts): keys in order under a prefix, rolled up into common prefixes by the
 * delimiter, keys without a visible version skipped. The two
 * differ only in what counts as visible (a live latest version vs any version) and in how many
 * entries one key contributes to a page.
 */

/** Whether a key's versions make it visible: a live latest version, or any version with `versions`. */
function visible(list: VersionRecord[] | null, versions: boolean): boolean {
  const latest = list?.[0];
  return latest !== undefined && (versions || !latest.deleteMarker);
}

/** One entry of a listing page, in key order. */
type ListEntry = { kind: 'prefix'; prefix: string } | { kind: 'key'; key: string; versions: VersionRecord[] };

interface ListQuery {
  prefix: string;
  delimiter: string;
  /** Start after this key ('' = from the start), or at it when `inclusive`. */
  after: string;
  inclusive: boolean;
  maxKeys: number;
  /** List every version (ListObjectVersions) rather than live objects only. */
  versions: boolean;
}

/** A marker before the prefix means nothing: start at the prefix. */
function clipMarker(marker: string, prefix: string): string {
  return marker && compareKeys(marker, prefix) < 0 ? '' : marker;
}

/**
 * The visible entries of a listing in order: keys with their versions, and common prefixes (each
 * once: a common prefix is shown when some key under it is visible, and then skipped with one seek).
 * The consumer stops when its page is full.
 */
async function* listEntries(set: ErasureSet, bucket: string, q: ListQuery): AsyncGenerator<ListEntry> {
  const { prefix, delimiter, after } = q;
  const start = after ? Buffer.from(after) : Buffer.from(prefix);
  const inclusive = after ? q.inclusive : true;
  const page = Math.max(16, Math.min(512, q.maxKeys + 1));
  const scan = new MergedScan(set, bucket, start, inclusive, prefixEnd(prefix), page);
  for (let e = scan.next(); e; e = scan.next()) {
    let cp: string | null = null;
    if (delimiter) {
      const idx = e.key.indexOf(delimiter, prefix.length);
      if (idx >= 0) {
        cp = e.key.slice(0, idx + delimiter.length);
        // A common prefix at or before the marker was on an earlier page.
        if (after && compareKeys(cp, after) <= 0) {
          scan.seek(prefixEnd(cp));
          continue;
        }
      }
    }
    const versions = await entryVersions(set, bucket, e);
    if (!versions || !visible(versions, q.versions)) continue;
    if (cp !== null) {
      yield { kind: 'prefix', prefix: cp };
      scan.seek(prefixEnd(cp));
    } else {
      yield { kind: 'key', key: e.key, versions };
    }
  }
}

export async function listObjects(
  set: ErasureSet,
  bucket: string,
  opts: ListObjectsOptions,
): Promise<ListObjectsResult> {
  await set.buckets.require(bucket);
  const prefix = opts.prefix ?? '';
  const maxKeys = opts.maxKeys ?? 1000;
  const after = clipMarker(opts.after ?? '', prefix);
  const res: ListObjectsResult = { objects: [], commonPrefixes: [], isTruncated: false, nextAfter: null };
  if (maxKeys <= 0) return res;
  const q = { prefix, delimiter: opts.delimiter ?? '', after, inclusive: false, maxKeys, versions: false };
  let count = 0;
  let last: string | null = null;
  for await (const e of listEntries(set, bucket, q)) {
    if (count >= maxKeys) {
      res.isTruncated = true;
      break;
    }
    count++;
    if (e.kind === 'prefix') {
      res.commonPrefixes.push(e.prefix);
      last = e.prefix;
    } else {
      res.objects.push(toInfo(bucket, e.key, e.versions[0] as VersionRecord, true));
      last = e.key;
    }
  }
  res.nextAfter = res.isTruncated ? last : null;
  return res;
}

export async function listObjectVersions(
  set: ErasureSet,
  bucket: string,
  opts: ListVersionsOptions,
): Promise<ListVersionsResult> {
  await set.buckets.require(bucket);
  const prefix = opts.prefix ?? '';
  const maxKeys = opts.maxKeys ?? 1000;
  const keyMarker = clipMarker(opts.keyMarker ?? '', prefix);
  const vidMarker = keyMarker ? (opts.versionIdMarker ?? '') : '';
  const res: ListVersionsResult = {
    versions: [],
    commonPrefixes: [],
    isTruncated: false,
    nextKeyMarker: null,
    nextVersionIdMarker: null,
  };
  if (maxKeys <= 0) return res;
  const q = {
    prefix,
    delimiter: opts.delimiter ?? '',
    after: keyMarker,
    inclusive: vidMarker !== '',
    maxKeys,
    versions: true,
  };
  let count = 0;
  const full = (): boolean => {
    if (count < maxKeys) return false;
    res.isTruncated = true;
    return true;
  };
  outer: for await (const e of listEntries(set, bucket, q)) {
    if (e.kind === 'prefix') {
      if (full()) break;
      res.commonPrefixes.push(e.prefix);
      count++;
      res.nextKeyMarker = e.prefix;
      res.nextVersionIdMarker = null;
      continue;
    }
    let from = 0;
    if (vidMarker && e.key === keyMarker) {
      const idx = e.versions.findIndex((x) => x.versionId === vidMarker);
      if (idx < 0) continue;
      from = idx + 1;
    }
    for (let i = from; i < e.versions.length; i++) {
      if (full()) break outer;
      const v = e.versions[i] as VersionRecord;
      res.versions.push(toInfo(bucket, e.key, v, i === 0));
      count++;
      res.nextKeyMarker = e.key;
      res.nextVersionIdMarker = v.versionId;
    }
  }
  if (!res.isTruncated) {
    res.nextKeyMarker = null;
    res.nextVersionIdMarker = null;
  }
  return res;
}
