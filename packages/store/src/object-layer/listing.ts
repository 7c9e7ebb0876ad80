import { promises as fsp } from 'node:fs';
import { isNotFound } from './drive.js';
import type { ErasureSet } from './erasure-set.js';
import type { VersionRecord } from './meta.js';
import { type MetaRead, readMeta } from './meta-io.js';
import { compareKeys, decodeSegment, prefixDirSegments } from './names.js';
import type {
  ListObjectsOptions,
  ListObjectsResult,
  ListVersionsOptions,
  ListVersionsResult,
} from './types.js';
import { toInfo } from './versions.js';
import { dirId, prefetch, type WalkEntry, walkKeys } from './walk.js';

/**
 * ListObjects and ListObjectVersions over one shared walk: keys in order under a prefix, folders
 * rolled up into common prefixes by the delimiter, keys without a visible version skipped. The two
 * differ only in what counts as visible (a live latest version vs any version) and in how many
 * entries one key contributes to a page.
 */

/** Walk the keys (and, with `prefixes`, sub-folders) of a bucket under `prefix`, after `after`. */
export function walk(
  set: ErasureSet,
  bucket: string,
  prefix: string,
  after: string,
  prefixes: boolean,
  inclusive = false,
): AsyncGenerator<WalkEntry> {
  const cut = prefix.lastIndexOf('/') + 1;
  const dir = prefix.slice(0, cut);
  const ctx = { drives: set.drives, writeQuorum: set.writeQuorum, cache: set.dirCache };
  return walkKeys(ctx, [bucket, ...prefixDirSegments(dir)], dir, prefix.slice(cut), {
    after,
    inclusive,
    prefixes,
  });
}

/** Whether a key's versions make it visible: a live latest version, or any version with `versions`. */
function visible(list: VersionRecord[] | undefined, versions: boolean): boolean {
  const latest = list?.[0];
  return latest !== undefined && (versions || !latest.deleteMarker);
}

/** The names in a folder: the cached merged listing when there is one, else each online drive's in turn. */
async function* folderNames(set: ErasureSet, segs: string[]): AsyncGenerator<Iterable<string>> {
  const cached = set.dirCache.get(dirId(segs));
  if (cached) {
    yield cached.names();
    return;
  }
  for (const d of set.drives) {
    if (!d.online) continue;
    try {
      yield await fsp.readdir(d.resolve(...segs));
    } catch (err) {
      if (!isNotFound(err)) d.reportError(err);
    }
  }
}

/**
 * Whether anything under the folder `prefix` (a key ending in '/') is visible: a live object, or any
 * version when `versions`. Order does not matter here, so the folder is read one drive at a time and the
 * answer usually comes from the folder's cached listing or the first drive's names (one readdir and one metadata read per common prefix
 * of a delimiter listing); only when nothing found so far is visible are the other drives' names (and
 * sub-folders) looked at, which covers the same keys as the merged walk. Nothing goes into the folder cache,
 * so a listing of 100k sub-prefixes does not fill it with 100k one-entry folders.
 */
async function hasVisible(
  set: ErasureSet,
  bucket: string,
  prefix: string,
  versions: boolean,
): Promise<boolean> {
  const seen = new Set<string>();
  for await (const names of folderNames(set, [bucket, ...prefixDirSegments(prefix)])) {
    const folders: string[] = [];
    for (const name of names) {
      if (seen.has(name)) continue;
      seen.add(name);
      if (name.charCodeAt(0) !== 0x2e) {
        folders.push(name);
        continue;
      }
      const meta = await readMeta(set, bucket, prefix + decodeSegment(name.slice(1)), true);
      if (visible(meta.doc?.versions, versions)) return true;
    }
    for (const name of folders) {
      if (await hasVisible(set, bucket, `${prefix}${decodeSegment(name)}/`, versions)) return true;
    }
  }
  return false;
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
 * once). The consumer stops when its page is full; metadata of the next entries is read ahead.
 */
async function* listEntries(set: ErasureSet, bucket: string, q: ListQuery): AsyncGenerator<ListEntry> {
  const { prefix, delimiter, after } = q;
  let lastPrefix: string | null = null;
  const entries = walk(set, bucket, prefix, after, delimiter === '/', q.inclusive);
  const look = async (e: WalkEntry): Promise<boolean | MetaRead | null> => {
    if (e.kind === 'prefix') return hasVisible(set, bucket, e.key, q.versions);
    // Keys that may roll up into a common prefix are decided in order, below.
    if (delimiter && e.key.indexOf(delimiter, prefix.length) >= 0) return null;
    return readMeta(set, bucket, e.key, true);
  };
  for await (const [e, pre] of prefetch(entries, Math.min(32, q.maxKeys + 1), look)) {
    if (e.kind === 'prefix') {
      if (pre) yield { kind: 'prefix', prefix: e.key };
      continue;
    }
    let cp: string | null = null;
    if (delimiter) {
      const idx = e.key.indexOf(delimiter, prefix.length);
      if (idx >= 0) {
        cp = e.key.slice(0, idx + delimiter.length);
        if (cp === lastPrefix || (after && compareKeys(cp, after) <= 0)) continue;
      }
    }
    const meta = pre && typeof pre === 'object' ? pre : await readMeta(set, bucket, e.key, true);
    const versions = meta.doc?.versions;
    if (!versions || !visible(versions, q.versions)) continue;
    if (cp !== null) {
      lastPrefix = cp;
      yield { kind: 'prefix', prefix: cp };
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
