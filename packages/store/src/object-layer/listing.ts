import {
  entrySummary,
  entryUsage,
  entryVersions,
  MergedScan,
  prefixEnd,
  type ScanEntry,
} from './catalog-scan.js';
import type { LatestSummary, ScanMode } from './catalog-summary.js';
import type { ErasureSet } from './erasure-set.js';
import type { VersionRecord } from './meta.js';
import { compareKeys } from './names.js';
import type {
  KeyUsage,
  ListObjectsOptions,
  ListObjectsResult,
  ListVersionsOptions,
  ListVersionsResult,
  ObjectSummary,
} from './types.js';
import { toInfo } from './versions.js';

/**
 * ListObjects and ListObjectVersions over one shared walk (a merged range scan of the drives'
 * catalogs, ./catalog-scan.ts): keys in order under a prefix, rolled up into common prefixes by the
 * delimiter, keys without a visible version skipped. The two
 * differ only in what counts as visible (a live latest version vs any version) and in how many
 * entries one key contributes to a page.
 */

/**
 * What a walk reads of each key and which keys it shows: every version of keys that have one
 * (ListObjectVersions), the latest version of keys whose latest is live (ListObjects), the same from
 * the catalogs' summaries alone (a plain ListObjects page: no document parsed), or the usage of every
 * key with versions (summaries where they tell it all).
 */
interface EntryReader<T> {
  mode: ScanMode;
  read(set: ErasureSet, bucket: string, e: ScanEntry): Promise<T | null>;
  visible(value: T): boolean;
}

const ALL_VERSIONS: EntryReader<VersionRecord[]> = {
  mode: 'docs',
  read: entryVersions,
  visible: (list) => list.length > 0,
};

const LIVE_VERSIONS: EntryReader<VersionRecord[]> = {
  mode: 'docs',
  read: entryVersions,
  visible: (list) => list[0] !== undefined && !list[0].deleteMarker,
};

const LIVE_SUMMARIES: EntryReader<LatestSummary> = {
  mode: 'summaries',
  read: entrySummary,
  visible: (s) => !s.deleteMarker,
};

/** Every key with versions, with what they hold (entryUsage returns null for a key without). */
const USAGE: EntryReader<KeyUsage> = {
  mode: 'usage',
  read: entryUsage,
  visible: () => true,
};

/** One entry of a listing page, in key order. */
type ListEntry<T> = { kind: 'prefix'; prefix: string } | { kind: 'key'; key: string; value: T };

interface ListQuery {
  prefix: string;
  delimiter: string;
  /** Start after this key ('' = from the start), or at it when `inclusive`. */
  after: string;
  inclusive: boolean;
  maxKeys: number;
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
async function* listEntries<T>(
  set: ErasureSet,
  bucket: string,
  q: ListQuery,
  reader: EntryReader<T>,
): AsyncGenerator<ListEntry<T>> {
  const { prefix, delimiter, after } = q;
  const start = after ? Buffer.from(after) : Buffer.from(prefix);
  const inclusive = after ? q.inclusive : true;
  const page = Math.max(16, Math.min(512, q.maxKeys + 1));
  const scan = new MergedScan(set, bucket, start, inclusive, prefixEnd(prefix), page, reader.mode);
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
    const value = await reader.read(set, bucket, e);
    if (value === null || !reader.visible(value)) continue;
    if (cp !== null) {
      yield { kind: 'prefix', prefix: cp };
      scan.seek(prefixEnd(cp));
    } else {
      yield { kind: 'key', key: e.key, value };
    }
  }
}

/** A plain listing page (ListObjects): keys whose latest version is live, as `toObject` makes them. */
async function listLatest<T, O>(
  set: ErasureSet,
  bucket: string,
  opts: ListObjectsOptions,
  reader: EntryReader<T>,
  toObject: (key: string, value: T) => O,
): Promise<ListObjectsResult<O>> {
  await set.buckets.require(bucket);
  const prefix = opts.prefix ?? '';
  const maxKeys = opts.maxKeys ?? 1000;
  const after = clipMarker(opts.after ?? '', prefix);
  const res: ListObjectsResult<O> = { objects: [], commonPrefixes: [], isTruncated: false, nextAfter: null };
  if (maxKeys <= 0) return res;
  const q = { prefix, delimiter: opts.delimiter ?? '', after, inclusive: false, maxKeys };
  let count = 0;
  let last: string | null = null;
  for await (const e of listEntries(set, bucket, q, reader)) {
    if (count >= maxKeys) {
      res.isTruncated = true;
      break;
    }
    count++;
    if (e.kind === 'prefix') {
      res.commonPrefixes.push(e.prefix);
      last = e.prefix;
    } else {
      res.objects.push(toObject(e.key, e.value));
      last = e.key;
    }
  }
  res.nextAfter = res.isTruncated ? last : null;
  return res;
}

export function listObjects(
  set: ErasureSet,
  bucket: string,
  opts: ListObjectsOptions,
): Promise<ListObjectsResult> {
  return listLatest(set, bucket, opts, LIVE_VERSIONS, (key, versions) =>
    toInfo(bucket, key, versions[0] as VersionRecord, true),
  );
}

/** listObjects from the catalogs' summaries (./catalog-summary.ts): no document is parsed. */
export function listObjectSummaries(
  set: ErasureSet,
  bucket: string,
  opts: ListObjectsOptions,
): Promise<ListObjectsResult<ObjectSummary>> {
  return listLatest(set, bucket, opts, LIVE_SUMMARIES, (key, s) => ({
    key,
    size: s.size,
    etag: s.etag,
    lastModified: new Date(s.mtime),
    storageClass: s.storageClass,
    owner: s.owner,
  }));
}

/** The usage scanner's walk: every key with versions and what they hold (see ObjectLayer). */
export function listObjectUsage(
  set: ErasureSet,
  bucket: string,
  opts: ListObjectsOptions,
): Promise<ListObjectsResult<KeyUsage>> {
  return listLatest(set, bucket, opts, USAGE, (_key, u) => u);
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
  };
  let count = 0;
  const full = (): boolean => {
    if (count < maxKeys) return false;
    res.isTruncated = true;
    return true;
  };
  outer: for await (const e of listEntries(set, bucket, q, ALL_VERSIONS)) {
    if (e.kind === 'prefix') {
      if (full()) break;
      res.commonPrefixes.push(e.prefix);
      count++;
      res.nextKeyMarker = e.prefix;
      res.nextVersionIdMarker = null;
      continue;
    }
    const versions = e.value;
    let from = 0;
    if (vidMarker && e.key === keyMarker) {
      const idx = versions.findIndex((x) => x.versionId === vidMarker);
      if (idx < 0) continue;
      from = idx + 1;
    }
    for (let i = from; i < versions.length; i++) {
      if (full()) break outer;
      const v = versions[i] as VersionRecord;
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
