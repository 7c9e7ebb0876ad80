import { type DirCache, type FolderIndex, listingDrives, readFolderIndex } from './dir-index.js';
import type { Drive } from './drive.js';
import { compareKeys } from './names.js';

/**
 * Lazy, ordered walk over the keys of a bucket, merged across drives. Each folder's sorted listing
 * comes from ./dir-index.ts (read once, then cached compactly between pages), sub-folders are visited
 * only when reached, and the caller stops the walk after maxKeys+1 entries.
 */

export type WalkEntry = { kind: 'object'; key: string } | { kind: 'prefix'; key: string };

export interface WalkOptions {
  /** Start strictly after this key (or at it when `inclusive`). '' = from the start. */
  after: string;
  inclusive?: boolean;
  /** Yield sub-folders as 'prefix' entries instead of descending (delimiter '/'). */
  prefixes: boolean;
}

/** Cache id of a folder: its path below the drive root (bucket first). */
export function dirId(segs: string[]): string {
  return segs.join('/');
}

export interface WalkContext {
  drives: Drive[];
  /** The set's write quorum: which drives a folder's names are read from (see ./dir-index.ts). */
  writeQuorum: number;
  cache: DirCache | null;
}

/** The sorted listing of a folder: cached, or read from the drives (and cached). */
export async function readDirIndex(ctx: WalkContext, segs: string[]): Promise<FolderIndex> {
  const id = dirId(segs);
  const cached = ctx.cache?.get(id);
  if (cached) return cached;
  const r = ctx.cache?.begin(segs[0] as string, id);
  const start = performance.now();
  let index: FolderIndex | null = null;
  try {
    index = await readFolderIndex(listingDrives(ctx.drives, ctx.writeQuorum), segs);
    return index;
  } finally {
    if (r) ctx.cache?.finish(r, index, performance.now() - start);
  }
}

/** The tail bound in a folder whose keys start with `dirKey` for keys ≥ `key` ('' = all, null = none). */
function tailBound(dirKey: string, key: string): string | null {
  if (!key.startsWith(dirKey)) return compareKeys(key, dirKey) < 0 ? '' : null;
  return key.slice(dirKey.length);
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
  const index = await readDirIndex(ctx, dirSegs);
  const { after } = opts;
  // Jump to the first candidate: past `after` (keeping a folder that `after` lies inside) and into
  // the range of segments starting with `filterSeg`, which is contiguous in sorted order.
  let from = tailBound(dirKey, dirKey + filterSeg);
  if (after && from !== null) {
    let t = tailBound(dirKey, after);
    if (t !== null) {
      const prev = index.before(t);
      if (prev && !prev.object && after.startsWith(dirKey + prev.tail)) t = prev.tail;
    }
    from = t === null || compareKeys(t, from) > 0 ? t : from;
  }
  if (from === null) return;
  for (const e of index.from(from)) {
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
