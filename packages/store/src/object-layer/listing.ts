// SPDX-License-Identifier: Apache-2.0
import {
  MergedScan,
  prefixEnd,
  readSummary,
  readUsage,
  readVersions,
  type ScanEntry,
  settleSummary,
  settleUsage,
  settleVersions,
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
import { ListedObject, toInfo } from './versions.js';

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
  /** A key's value from its scanned rows (null: no versions); undefined when they do not settle it. */
  settle(set: ErasureSet, e: ScanEntry): T | null | undefined;
  /** A key's value from the quorum read of every drive (null: no versions). */
  read(set: ErasureSet, bucket: string, key: string): Promise<T | null>;
  visible(value: T): boolean;
}

const ALL_VERSIONS: EntryReader<VersionRecord[]> = {
  mode: 'docs',
  settle: settleVersions,
  read: readVersions,
  visible: (list) => list.length > 0,
};

const LIVE_VERSIONS: EntryReader<VersionRecord[]> = {
  mode: 'docs',
  settle: settleVersions,
  read: readVersions,
  visible: (list) => list[0] !== undefined && !list[0].deleteMarker,
};

const LIVE_SUMMARIES: EntryReader<LatestSummary> = {
  mode: 'summaries',
  settle: settleSummary,
  read: readSummary,
  visible: (s) => !s.deleteMarker,
};

/** Every key with versions, with what they hold (null for a key without). */
const USAGE: EntryReader<KeyUsage> = {
  mode: 'usage',
  settle: settleUsage,
  read: readUsage,
  visible: () => true,
};

/** Where a walk hands the visible entries, in key order: each answers false when its page is full. */
interface PageSink<T> {
  prefix(prefix: string): boolean;
  key(key: string, value: T): boolean;
}

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
 * How many scanned keys a walk settles in one synchronous run before it lets the event loop turn
 * (`setImmediate`): a page fills within one run, but a prefix whose keys are almost all hidden (say
 * a million delete markers) would otherwise hold the process for the whole scan. A field so that a
 * test can make the turns frequent.
 */
export const walkTurn = { keys: 4096 };

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * The visible entries of a listing in order, handed to `sink` until it is full: keys with their
 * values, and common prefixes (each once: a common prefix is shown when some key under it is visible,
 * and then skipped with one seek). A key its scanned rows settle costs no await (a page of keys is one
 * synchronous run, no promise per key); only a key they do not settle waits for the quorum read, and
 * every `walkTurn.keys` scanned keys the walk yields to the event loop.
 */
async function walk<T>(
  set: ErasureSet,
  bucket: string,
  q: ListQuery,
  reader: EntryReader<T>,
  sink: PageSink<T>,
): Promise<void> {
  const { prefix, delimiter, after } = q;
  const start = after ? Buffer.from(after) : Buffer.from(prefix);
  const inclusive = after ? q.inclusive : true;
  const page = Math.max(16, Math.min(512, q.maxKeys + 1));
  const scan = new MergedScan(set, bucket, start, inclusive, prefixEnd(prefix), page, reader.mode);
  let budget = walkTurn.keys;
  for (let e = scan.next(); e; e = scan.next()) {
    if (--budget <= 0) {
      await nextTurn();
      budget = walkTurn.keys;
    }
    let cp: string | null = null;
    if (delimiter) {
      const idx = e.key.indexOf(delimiter, prefix.length);
      if (idx >= 0) {
        cp = e.key.slice(0, idx + delimiter.length);
        // A common prefix at or before the marker was on an earlier page.
        if (after && compareKeys(cp, after) <= 0) {
          scan.skip(cp);
          continue;
        }
      }
    }
    let value = reader.settle(set, e);
    if (value === undefined) value = await reader.read(set, bucket, e.key);
    if (value === null || !reader.visible(value)) continue;
    if (cp !== null) {
      if (!sink.prefix(cp)) return;
      scan.skip(cp);
    } else if (!sink.key(e.key, value)) return;
  }
}

/**
 * A page's room: each call takes one entry's place and answers true while the page holds fewer than
 * `maxKeys`; the call past a full page marks the result truncated (one entry more exists) and answers false.
 */
function pageRoom(maxKeys: number, res: { isTruncated: boolean }): () => boolean {
  let count = 0;
  return () => {
    if (count < maxKeys) {
      count++;
      return true;
    }
    res.isTruncated = true;
    return false;
  };
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
  let last: string | null = null;
  const take = pageRoom(maxKeys, res);
  await walk(set, bucket, q, reader, {
    prefix(p) {
      if (!take()) return false;
      res.commonPrefixes.push(p);
      last = p;
      return true;
    },
    key(key, value) {
      if (!take()) return false;
      res.objects.push(toObject(key, value));
      last = key;
      return true;
    },
  });
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
  return listLatest(
    set,
    bucket,
    opts,
    LIVE_SUMMARIES,
    (key, s) => new ListedObject(key, s.size, s.etag, new Date(s.mtime), s.storageClass, s.owner),
  );
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
  const take = pageRoom(maxKeys, res);
  await walk(set, bucket, q, ALL_VERSIONS, {
    prefix(p) {
      if (!take()) return false;
      res.commonPrefixes.push(p);
      res.nextKeyMarker = p;
      res.nextVersionIdMarker = null;
      return true;
    },
    key(key, versions) {
      let from = 0;
      if (vidMarker && key === keyMarker) {
        const idx = versions.findIndex((x) => x.versionId === vidMarker);
        if (idx < 0) return true;
        from = idx + 1;
      }
      for (let i = from; i < versions.length; i++) {
        if (!take()) return false;
        const v = versions[i] as VersionRecord;
        res.versions.push(toInfo(bucket, key, v, i === 0));
        res.nextKeyMarker = key;
        res.nextVersionIdMarker = v.versionId;
      }
      return true;
    },
  });
  if (!res.isTruncated) {
    res.nextKeyMarker = null;
    res.nextVersionIdMarker = null;
  }
  return res;
}
