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

async function readdirUnion(drives: Drive[], segs: string[]): Promise<string[]> {
  const names = new Set<string>();
  await Promise.all(
    drives
      .filter((d) => d.online)
      .map(async (d) => {
        try {
          for (const n of await fsp.readdir(d.resolve(...segs))) names.add(n);
        } catch (err) {
          if (!isNotFound(err)) d.reportError(err);
        }
      }),
  );
  return [...names];
}

/**
 * Walk the folder `dirSegs` (relative to the drive root, bucket first) whose keys start with `dirKey`,
 * keeping only entries whose segment starts with `filterSeg`.
 */
export async function* walkKeys(
  drives: Drive[],
  dirSegs: string[],
  dirKey: string,
  filterSeg: string,
  opts: WalkOptions,
): AsyncGenerator<WalkEntry> {
  const names = await readdirUnion(drives, dirSegs);
  const entries: { sort: string; name: string; object: boolean }[] = [];
  for (const name of names) {
    const object = name.charCodeAt(0) === 0x2e;
    const seg = decodeSegment(object ? name.slice(1) : name);
    if (!seg.startsWith(filterSeg)) continue;
    entries.push({ sort: object ? dirKey + seg : `${dirKey}${seg}/`, name, object });
  }
  names.length = 0;
  entries.sort((a, b) => compareKeys(a.sort, b.sort));
  const { after } = opts;
  for (const e of entries) {
    if (e.object) {
      if (after) {
        const c = compareKeys(e.sort, after);
        if (c < 0 || (c === 0 && !opts.inclusive)) continue;
      }
      yield { kind: 'object', key: e.sort };
      continue;
    }
    if (opts.prefixes) {
      if (after && compareKeys(e.sort, after) <= 0) continue;
      yield { kind: 'prefix', key: e.sort };
      continue;
    }
    if (after && compareKeys(e.sort, after) < 0 && !after.startsWith(e.sort)) continue;
    yield* walkKeys(drives, [...dirSegs, e.name], e.sort, '', opts);
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
