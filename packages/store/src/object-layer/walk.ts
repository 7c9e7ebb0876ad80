import { promises as fsp } from 'node:fs';
import { type Drive, isNotFound } from './drive.js';
import { compareKeys, decodeSegment } from './names.js';

/**
 * Lazy, ordered walk over the keys of a bucket, merged across drives. One `readdir` per folder per
 * drive, entries sorted, sub-folders visited only when reached, so memory is bounded by one folder's
 * names per level and the caller stops the walk after maxKeys+1 entries.
 */

export type WalkEntry = { kind: 'object'; key: string } | { kind: 'prefix'; key: string };

export interface WalkOptions {
  /** Start strictly after this key (or at it when `inclusive`). '' = from the start. */
  after: string;
  inclusive?: boolean;
  /** Yield sub-folders as 'prefix' entries instead of descending (delimiter '/'). */
  prefixes: boolean;
}

interface DirEntry {
  /** Segment plus '/' for sub-folders: sorting by it sorts by key within the folder. */
  tail: string;
  name: string;
  object: boolean;
}

/**
 * Sorted folder listings kept between listing pages, so paging through a 100k-key prefix does not
 * re-read and re-sort the folder for every page. Exact for this process's own writes: every commit
 * invalidates the folders on the key's path and bumps the bucket's generation, and a listing read
 * while the generation moved is not stored. A short TTL bounds staleness from outside changes
 * (a stale name only costs a metadata read that finds nothing). Bounded by total entries.
 */
export class DirCache {
  private readonly map = new Map<string, { entries: DirEntry[]; at: number }>();
  private readonly gens = new Map<string, number>();
  private size = 0;
  private readonly maxEntries: number;
  private readonly ttlMs: number;

  constructor(maxEntries = 400_000, ttlMs = 10_000) {
    this.maxEntries = maxEntries;
    this.ttlMs = ttlMs;
  }

  gen(bucket: string): number {
    return this.gens.get(bucket) ?? 0;
  }

  get(id: string): DirEntry[] | null {
    const hit = this.map.get(id);
    if (!hit) return null;
    if (Date.now() - hit.at > this.ttlMs) {
      this.drop(id);
      return null;
    }
    return hit.entries;
  }

  set(bucket: string, id: string, entries: DirEntry[], genAtStart: number): void {
    if (this.gen(bucket) !== genAtStart || entries.length > this.maxEntries) return;
    this.drop(id);
    this.map.set(id, { entries, at: Date.now() });
    this.size += entries.length;
    for (const old of this.map.keys()) {
      if (this.size <= this.maxEntries) break;
      this.drop(old);
    }
  }

  /** Forget the folders `dirs` (ids as built by dirId) of a bucket, or all of it when null. */
  invalidate(bucket: string, dirs: string[] | null): void {
    this.gens.set(bucket, this.gen(bucket) + 1);
    if (dirs) {
      for (const id of dirs) this.drop(id);
      return;
    }
    for (const id of [...this.map.keys()]) if (id.startsWith(`${bucket}/`) || id === bucket) this.drop(id);
  }

  private drop(id: string): void {
    const hit = this.map.get(id);
    if (!hit) return;
    this.size -= hit.entries.length;
    this.map.delete(id);
  }
}

/** Cache id of a folder: its path below the drive root (bucket first). */
export function dirId(segs: string[]): string {
  return segs.join('/');
}

export interface WalkContext {
  drives: Drive[];
  cache: DirCache | null;
}

async function readDirEntries(ctx: WalkContext, segs: string[]): Promise<DirEntry[]> {
  const id = dirId(segs);
  const bucket = segs[0] as string;
  const cached = ctx.cache?.get(id);
  if (cached) return cached;
  const gen = ctx.cache?.gen(bucket) ?? 0;
  const names = new Set<string>();
  await Promise.all(
    ctx.drives
      .filter((d) => d.online)
      .map(async (d) => {
        try {
          for (const n of await fsp.readdir(d.resolve(...segs))) names.add(n);
        } catch (err) {
          if (!isNotFound(err)) d.reportError(err);
        }
      }),
  );
  const entries: DirEntry[] = [];
  for (const name of names) {
    const object = name.charCodeAt(0) === 0x2e;
    const seg = decodeSegment(object ? name.slice(1) : name);
    entries.push({ tail: object ? seg : `${seg}/`, name, object });
  }
  entries.sort((a, b) => compareKeys(a.tail, b.tail));
  ctx.cache?.set(bucket, id, entries, gen);
  return entries;
}

/** First index whose dirKey + tail is ≥ `key` (entries sorted by tail). */
function lowerBound(entries: DirEntry[], dirKey: string, key: string): number {
  if (!key.startsWith(dirKey)) return compareKeys(key, dirKey) < 0 ? 0 : entries.length;
  const t = key.slice(dirKey.length);
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareKeys((entries[mid] as DirEntry).tail, t) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Walk the folder `dirSegs` (relative to the drive root, bucket first) whose keys start with `dirKey`,
 * keeping only entries whose segment starts with `filterSeg`.
 */
export async function* walkKeys(
  ctx: WalkContext,
  dirSegs: string[],
  dirKey: string,
  filterSeg: string,
  opts: WalkOptions,
): AsyncGenerator<WalkEntry> {
  const entries = await readDirEntries(ctx, dirSegs);
  const { after } = opts;
  // Jump to the first candidate: past `after` (keeping a folder that `after` lies inside) and into
  // the range of segments starting with `filterSeg`, which is contiguous in sorted order.
  let i = lowerBound(entries, dirKey, dirKey + filterSeg);
  if (after) {
    let j = lowerBound(entries, dirKey, after);
    const prev = entries[j - 1];
    if (prev && !prev.object && after.startsWith(dirKey + prev.tail)) j--;
    i = Math.max(i, j);
  }
  for (; i < entries.length; i++) {
    const e = entries[i] as DirEntry;
    if (!e.tail.startsWith(filterSeg)) break;
    const sort = dirKey + e.tail;
    if (e.object) {
      if (after) {
        const c = compareKeys(sort, after);
        if (c < 0 || (c === 0 && !opts.inclusive)) continue;
      }
      yield { kind: 'object', key: sort };
      continue;
    }
    if (opts.prefixes) {
      if (after && compareKeys(sort, after) <= 0) continue;
      yield { kind: 'prefix', key: sort };
      continue;
    }
    if (after && compareKeys(sort, after) < 0 && !after.startsWith(sort)) continue;
    yield* walkKeys(ctx, [...dirSegs, e.name], sort, '', opts);
  }
}

/**
 * Run `fn` on up to `window` upcoming items of `source` concurrently, yielding results in source
 * order: listings overlap the metadata reads of consecutive keys instead of waiting for each.
 */
export async function* prefetch<T, R>(
  source: AsyncIterable<T>,
  window: number,
  fn: (item: T) => Promise<R>,
): AsyncGenerator<[T, R]> {
  const it = source[Symbol.asyncIterator]();
  const queue: { item: T; result: Promise<R> }[] = [];
  let done = false;
  try {
    for (;;) {
      while (!done && queue.length < window) {
        const n = await it.next();
        if (n.done) {
          done = true;
          break;
        }
        const result = fn(n.value);
        result.catch(() => undefined);
        queue.push({ item: n.value, result });
      }
      const head = queue.shift();
      if (!head) return;
      yield [head.item, await head.result];
    }
  } finally {
    await it.return?.(undefined);
  }
}
