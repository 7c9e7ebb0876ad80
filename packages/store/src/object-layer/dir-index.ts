import fs from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Drive, isNotFound } from './drive.js';
import { compareKeys, decodeSegment, encodeSegment } from './names.js';

/**
 * Sorted folder listings for the walk (./walk.ts), compact enough that a 1M-key folder stays cached
 * between listing pages: the folder's entries packed in one Buffer (UTF-8, in key order) with one
 * offset each, ~13 bytes per entry for short names instead of ~100 for a JS object per name. A page
 * then costs a binary search and the page's own entries, not a re-read and re-sort of the folder.
 *
 * The listing is read one chunk of names at a time (opendir, sorted chunks packed as runs, runs
 * merged), so building it never holds the folder's names as JS strings: peak memory is about twice
 * the packed size. It reads the names of N − W + 1 drives (W = the set's write quorum): every
 * acknowledged key's metadata is on at least W drives, so any N − W + 1 of them hold its name. When a
 * drive was re-formatted (wiped, not healed yet) that no longer holds, and every online drive is read.
 */

/** One entry of a folder: an object (`.name`) or a sub-folder. */
export interface DirEntry {
  /** Segment plus '/' for sub-folders: sorting by it sorts by key within the folder. */
  tail: string;
  /** The name on disk. */
  name: string;
  object: boolean;
}

/** The entry of a tail: sub-folder tails end in '/' (an object's last segment never holds one). */
export function entryOfTail(tail: string): DirEntry {
  const object = !tail.endsWith('/');
  return object
    ? { tail, name: `.${encodeSegment(tail)}`, object }
    : { tail, name: encodeSegment(tail.slice(0, -1)), object };
}

/** The tail of a name on disk. */
export function tailOfName(name: string): string {
  return name.charCodeAt(0) === 0x2e ? decodeSegment(name.slice(1)) : `${decodeSegment(name)}/`;
}

/** A sorted folder listing: the packed entries read from the drives plus the names commits added since. */
export class FolderIndex {
  readonly bytes: Buffer;
  readonly offsets: Uint32Array;
  readonly count: number;
  /** Entries added by commits after the read, sorted, none of them in the packed part. */
  private readonly extra: DirEntry[] = [];
  /** Bumped when `extra` changes, so running walks re-find their place in it. */
  private extraVersion = 0;

  constructor(bytes: Buffer, offsets: Uint32Array, count: number) {
    this.bytes = bytes;
    this.offsets = offsets;
    this.count = count;
  }

  /** Entries, including those added since the read. */
  get size(): number {
    return this.count + this.extra.length;
  }

  /** Memory held, roughly. */
  get footprint(): number {
    return this.bytes.length + this.offsets.byteLength + this.extra.length * 100;
  }

  get added(): number {
    return this.extra.length;
  }

  private tailAt(i: number): string {
    return this.bytes.toString('utf8', this.offsets[i] as number, this.offsets[i + 1] as number);
  }

  /** First packed index whose tail is ≥ `t` (UTF-8 byte order, which is S3's key order). */
  private lowerPacked(t: string): number {
    const tb = Buffer.from(t);
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const c = this.bytes.compare(tb, 0, tb.length, this.offsets[mid], this.offsets[mid + 1]);
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private lowerExtra(t: string): number {
    let lo = 0;
    let hi = this.extra.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareKeys((this.extra[mid] as DirEntry).tail, t) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Record an entry a commit created (no-op when already listed). */
  add(e: DirEntry): void {
    const i = this.lowerPacked(e.tail);
    if (i < this.count && this.tailAt(i) === e.tail) return;
    const j = this.lowerExtra(e.tail);
    if (this.extra[j]?.tail === e.tail) return;
    this.extra.splice(j, 0, e);
    this.extraVersion++;
  }

  /** The last entry whose tail is < `t`, or null. */
  before(t: string): DirEntry | null {
    const i = this.lowerPacked(t) - 1;
    const x = this.extra[this.lowerExtra(t) - 1];
    const p = i >= 0 ? this.tailAt(i) : null;
    if (p === null) return x ?? null;
    return x && compareKeys(x.tail, p) > 0 ? x : entryOfTail(p);
  }

  /**
   * Entries in order from the first whose tail is ≥ `t`. Entries added while iterating show up when
   * they sort after the last one yielded.
   */
  *from(t: string): Generator<DirEntry> {
    let i = this.lowerPacked(t);
    let j = this.lowerExtra(t);
    let seen = this.extraVersion;
    let last: string | null = null;
    for (;;) {
      if (seen !== this.extraVersion && last !== null) {
        seen = this.extraVersion;
        j = this.lowerExtra(last);
        if (this.extra[j]?.tail === last) j++;
      }
      const p = i < this.count ? this.tailAt(i) : null;
      const x = this.extra[j];
      if (p === null && !x) return;
      if (p !== null && (!x || compareKeys(p, x.tail) < 0)) {
        i++;
        last = p;
        yield entryOfTail(p);
      } else if (x) {
        j++;
        last = x.tail;
        yield x;
      }
    }
  }

  /** Every name on disk, in order. */
  *names(): Generator<string> {
    for (const e of this.from('')) yield e.name;
  }
}

/** Names read per chunk (sorted and packed as one run): bounds the JS strings alive at once. */
const CHUNK = 16_384;

/** A sorted run: entries as a length byte (tails are ≤ 255 bytes: file names) then the UTF-8 tail. */
function packRun(tails: string[]): Buffer {
  let n = 0;
  for (const t of tails) n += 1 + Buffer.byteLength(t);
  const buf = Buffer.allocUnsafe(n);
  let off = 0;
  for (const t of tails) {
    const len = buf.write(t, off + 1);
    buf[off] = len;
    off += 1 + len;
  }
  return buf;
}

/** Sort tails by key: the native string sort is exact unless a surrogate meets a code unit ≥ U+E000. */
function sortTails(tails: string[]): void {
  if (tails.some((t) => /[\ud800-\uffff]/.test(t))) tails.sort(compareKeys);
  else tails.sort();
}

class RunReader {
  pos = 0;
  cur: string | null = null;
  curBytes = 0;
  readonly buf: Buffer;
  constructor(buf: Buffer) {
    this.buf = buf;
    this.next();
  }
  next(): void {
    if (this.pos >= this.buf.length) {
      this.cur = null;
      return;
    }
    const len = this.buf[this.pos] as number;
    this.cur = this.buf.toString('utf8', this.pos + 1, this.pos + 1 + len);
    this.curBytes = len;
    this.pos += 1 + len;
  }
}

/** A binary min-heap of run readers by their current tail. */
class ReaderHeap {
  readonly items: RunReader[];
  constructor(items: RunReader[]) {
    this.items = items.filter((r) => r.cur !== null);
    for (let i = (this.items.length >> 1) - 1; i >= 0; i--) this.down(i);
  }
  private less(a: number, b: number): boolean {
    return (
      compareKeys((this.items[a] as RunReader).cur as string, (this.items[b] as RunReader).cur as string) < 0
    );
  }
  /** The top reader moved on: restore the order (dropping it when exhausted). */
  fix(): void {
    const top = this.items[0] as RunReader;
    if (top.cur === null) {
      const lastReader = this.items.pop() as RunReader;
      if (this.items.length === 0) return;
      this.items[0] = lastReader;
    }
    this.down(0);
  }
  private down(i: number): void {
    const n = this.items.length;
    for (;;) {
      const l = 2 * i + 1;
      let m = i;
      if (l < n && this.less(l, m)) m = l;
      if (l + 1 < n && this.less(l + 1, m)) m = l + 1;
      if (m === i) return;
      const t = this.items[i] as RunReader;
      this.items[i] = this.items[m] as RunReader;
      this.items[m] = t;
      i = m;
    }
  }
}

/** Merge sorted runs (duplicates dropped) into a packed index. */
function mergeRuns(runs: Buffer[], entries: number, drives: number): FolderIndex {
  let total = 0;
  for (const r of runs) total += r.length;
  // The union is usually one drive's names: size for that and grow when the drives differ.
  const per = Math.max(1, drives);
  let bytes = Buffer.allocUnsafe(Math.max(64, Math.ceil((total - entries) / per)));
  let offsets = new Uint32Array(Math.max(64, Math.ceil(entries / per) + 1));
  let count = 0;
  let end = 0;
  const heap = new ReaderHeap(runs.map((r) => new RunReader(r)));
  let last: string | null = null;
  while (heap.items.length > 0) {
    const r = heap.items[0] as RunReader;
    const t = r.cur as string;
    if (t !== last) {
      if (end + r.curBytes > bytes.length) {
        const grown = Buffer.allocUnsafe(Math.ceil(bytes.length * 1.25) + r.curBytes);
        bytes.copy(grown, 0, 0, end);
        bytes = grown;
      }
      if (count + 2 > offsets.length) {
        const grown = new Uint32Array(Math.ceil(offsets.length * 1.25) + 2);
        grown.set(offsets);
        offsets = grown;
      }
      offsets[count] = end;
      r.buf.copy(bytes, end, r.pos - r.curBytes, r.pos);
      end += r.curBytes;
      count++;
      last = t;
    }
    r.next();
    heap.fix();
  }
  offsets[count] = end;
  return new FolderIndex(bytes.subarray(0, end), offsets.subarray(0, count + 1), count);
}

/** The drives whose names together list every acknowledged key of a folder (see the file comment). */
export function listingDrives(drives: Drive[], writeQuorum: number): Drive[] {
  const online = drives.filter((d) => d.online);
  const need = drives.length - writeQuorum + 1;
  if (online.some((d) => d.formatted) || online.length <= need) return online;
  return online.slice(0, need);
}

/** Read and sort the entries of the folder `segs` (below the drive roots) on `drives`. */
export async function readFolderIndex(
  drives: Drive[],
  segs: string[],
  chunkSize = CHUNK,
): Promise<FolderIndex> {
  const runs: Buffer[] = [];
  let entries = 0;
  let read = 0;
  for (const d of drives) {
    let dir: fs.Dir;
    try {
      dir = await fs.promises.opendir(d.resolve(...segs), { bufferSize: 1024 });
    } catch (err) {
      if (!isNotFound(err)) d.reportError(err);
      continue;
    }
    read++;
    try {
      let chunk: string[] = [];
      for (;;) {
        const ent = dir.readSync();
        if (ent) chunk.push(tailOfName(ent.name));
        if (chunk.length === chunkSize || (!ent && chunk.length > 0)) {
          sortTails(chunk);
          runs.push(packRun(chunk));
          entries += chunk.length;
          chunk = [];
          // Reading a large folder is synchronous per chunk: let other requests in between.
          if (ent) await nextTurn();
        }
        if (!ent) break;
      }
    } catch (err) {
      if (!isNotFound(err)) d.reportError(err);
    } finally {
      dir.closeSync();
    }
  }
  return mergeRuns(runs, entries, read);
}

/** A folder listing being read: the names commits add meanwhile are applied to it when it is stored. */
export interface FolderRead {
  bucket: string;
  id: string;
  gen: number;
  added: DirEntry[];
}

/**
 * Sorted folder listings kept between listing pages, so paging through a large prefix does not re-read
 * and re-sort the folder for every page. Exact for this process's own writes: a commit adds the
 * names on its key's path to the cached listings (and to listings being read), so a key committed
 * before a page is requested is listed; a deleted key's name stays until the listing is dropped and
 * only costs a metadata read that finds nothing. Dropping a whole bucket's folders (bucket removal)
 * bumps its generation, and a listing read across that is not stored. A TTL (longer for folders that
 * take long to read) bounds staleness from outside changes. Bounded by memory (`maxBytes`) and by the
 * names added since a read (`maxAdded`: past it the folder is read again).
 */
export class DirCache {
  private readonly map = new Map<string, { index: FolderIndex; at: number; ttl: number }>();
  private readonly reading = new Map<string, Set<FolderRead>>();
  private readonly gens = new Map<string, number>();
  private bytes = 0;

  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly maxAdded: number;

  constructor(maxBytes = 64 * 1024 * 1024, ttlMs = 10_000, maxAdded = 4096) {
    this.maxBytes = maxBytes;
    this.ttlMs = ttlMs;
    this.maxAdded = maxAdded;
  }

  gen(bucket: string): number {
    return this.gens.get(bucket) ?? 0;
  }

  get(id: string): FolderIndex | null {
    const hit = this.map.get(id);
    if (!hit) return null;
    if (Date.now() - hit.at > hit.ttl) {
      this.drop(id);
      return null;
    }
    return hit.index;
  }

  /** Start reading a folder: names committed from now on are recorded for it. */
  begin(bucket: string, id: string): FolderRead {
    const r: FolderRead = { bucket, id, gen: this.gen(bucket), added: [] };
    const set = this.reading.get(id) ?? new Set<FolderRead>();
    this.reading.set(id, set);
    set.add(r);
    return r;
  }

  /** Finish a read (index null: it failed) and keep its listing, with the names added meanwhile. */
  finish(r: FolderRead, index: FolderIndex | null, readMs: number): void {
    const set = this.reading.get(r.id);
    set?.delete(r);
    if (set?.size === 0) this.reading.delete(r.id);
    if (!index || this.gen(r.bucket) !== r.gen || r.added.length > this.maxAdded) return;
    for (const e of r.added) index.add(e);
    if (index.footprint > this.maxBytes) return;
    this.drop(r.id);
    // A folder that takes long to read is kept longer: a full listing of it should not read it again.
    this.map.set(r.id, { index, at: Date.now(), ttl: Math.max(this.ttlMs, 20 * readMs) });
    this.bytes += index.footprint;
    for (const old of this.map.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(old);
    }
  }

  /** A commit created (or may have created) `name` in the folder `id`. */
  added(id: string, name: string): void {
    const hit = this.map.get(id);
    const readers = this.reading.get(id);
    if (!hit && !readers) return;
    const e = entryOfTail(tailOfName(name));
    if (hit) {
      this.bytes -= hit.index.footprint;
      hit.index.add(e);
      this.bytes += hit.index.footprint;
      if (hit.index.added > this.maxAdded) this.drop(id);
    }
    if (readers) for (const r of readers) r.added.push(e);
  }

  /** Forget every folder of a bucket. */
  invalidate(bucket: string): void {
    this.gens.set(bucket, this.gen(bucket) + 1);
    for (const id of [...this.map.keys()]) if (id.startsWith(`${bucket}/`) || id === bucket) this.drop(id);
  }

  private drop(id: string): void {
    const hit = this.map.get(id);
    if (!hit) return;
    this.bytes -= hit.index.footprint;
    this.map.delete(id);
  }
}
