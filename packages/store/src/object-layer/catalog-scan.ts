import { crc32 } from 'node:zlib';
import { docIntact, KEY_END, type ScanRow } from './catalog.js';
import { type LatestSummary, latestOf, parseSummary, type ScanMode, summarySize } from './catalog-summary.js';
import type { Drive } from './drive.js';
import type { ErasureSet } from './erasure-set.js';
import type { VersionRecord } from './meta.js';
import { readMeta } from './meta-io.js';
import type { KeyUsage } from './types.js';

/**
 * Ordered walks over a bucket's keys: range scans of the drives' catalogs (./catalog.ts) merged by
 * key. Each drive's scan is read a page of rows at a time (no statement stays open across awaits, and
 * memory is bounded by pages, not by the bucket), and `seek` jumps past a common prefix with one new
 * range per drive.
 *
 * Which drives: every acknowledged key's row is on at least W drives (the write quorum), so any
 * N − W + 1 of them hold it; the scan reads k (the read quorum, ≥ N − W + 1) so that a key whose k
 * rows agree on one generation is settled by the scan alone, as a fast `readMeta` would settle it
 * (any k drives include one that took the last acknowledged write). A key whose rows disagree or are
 * missing somewhere falls back to the quorum read of every drive. When a drive was re-formatted
 * (wiped, not healed yet) that coverage no longer holds, and every online drive is scanned.
 */

/** The drives whose catalogs a walk scans (see above). */
export function scanDrives(set: ErasureSet): Drive[] {
  const online = set.drives.filter((d) => d.online);
  if (online.some((d) => d.formatted) || online.length <= set.readQuorum) return online;
  return online.slice(0, set.readQuorum);
}

/** The bound above every key that starts with `prefix` ('' = above every key). */
export function prefixEnd(prefix: string): Buffer {
  return prefix === '' ? KEY_END : Buffer.concat([Buffer.from(prefix), KEY_END]);
}

/** One drive's scan: a page of rows and where the next page starts. */
class Cursor {
  private rows: ScanRow[] = [];
  private at = 0;
  private from: Buffer;
  private inclusive: boolean;
  private done = false;
  private readonly drive: Drive;
  private readonly bucket: string;
  private readonly to: Buffer;
  private readonly page: number;
  private readonly mode: ScanMode;

  constructor(
    drive: Drive,
    bucket: string,
    from: Buffer,
    inclusive: boolean,
    to: Buffer,
    page: number,
    mode: ScanMode,
  ) {
    this.drive = drive;
    this.mode = mode;
    this.bucket = bucket;
    this.from = from;
    this.inclusive = inclusive;
    this.to = to;
    this.page = page;
  }

  /** The row at the head, null at the end (a failing drive reads as ended, and is reported). */
  head(): ScanRow | null {
    if (this.at < this.rows.length) return this.rows[this.at] as ScanRow;
    if (this.done) return null;
    try {
      this.rows = this.drive.catalog.scan(
        this.bucket,
        this.from,
        this.inclusive,
        this.to,
        this.page,
        this.mode,
      );
    } catch (err) {
      this.drive.reportError(err);
      this.rows = [];
    }
    this.at = 0;
    const last = this.rows.at(-1);
    if (!last || this.rows.length < this.page) this.done = true;
    if (last) {
      this.from = last.key;
      this.inclusive = false;
    }
    return this.rows[0] ?? null;
  }

  advance(): void {
    this.at++;
  }

  /** Continue at the first key ≥ `from`. */
  seek(from: Buffer): void {
    while (this.at < this.rows.length && Buffer.compare((this.rows[this.at] as ScanRow).key, from) < 0)
      this.at++;
    if (this.at < this.rows.length || this.done) return;
    this.from = from;
    this.inclusive = true;
  }
}

/** A key of a merged scan and the rows the scanned drives hold for it (null: no row). */
export interface ScanEntry {
  key: string;
  bytes: Buffer;
  rows: (ScanRow | null)[];
}

/**
 * A merged, ordered scan of a bucket's keys in [from, to) (or (from, to) without `inclusive`), its rows
 * with the columns `mode` reads (./catalog-summary.ts ScanMode).
 */
export class MergedScan {
  private readonly cursors: Cursor[];
  readonly drives: Drive[];

  constructor(
    set: ErasureSet,
    bucket: string,
    from: Buffer,
    inclusive: boolean,
    to: Buffer,
    page = 256,
    mode: ScanMode = 'docs',
  ) {
    this.drives = scanDrives(set);
    // A usage walk reads the usage from the first drive's rows; the others' generations settle the quorum.
    const modeOf = (i: number): ScanMode => (mode === 'usage' && i > 0 ? 'gens' : mode);
    this.cursors = this.drives.map((d, i) => new Cursor(d, bucket, from, inclusive, to, page, modeOf(i)));
  }

  next(): ScanEntry | null {
    let min: Buffer | null = null;
    const heads = this.cursors.map((c) => c.head());
    for (const h of heads) if (h && (!min || Buffer.compare(h.key, min) < 0)) min = h.key;
    if (!min) return null;
    const rows = heads.map((h, i) => {
      if (!h?.key.equals(min as Buffer)) return null;
      (this.cursors[i] as Cursor).advance();
      return h;
    });
    return { key: min.toString('utf8'), bytes: min, rows };
  }

  /** Continue at the first key ≥ `from` (skipping a common prefix: `prefixEnd(prefix)`). */
  seek(from: Buffer): void {
    for (const c of this.cursors) c.seek(from);
  }
}

/**
 * The row of a scanned key that k rows agree on (the same generation), null when they do not; the
 * first drive's when it is one of them.
 */
function agreedRow(set: ErasureSet, e: ScanEntry): ScanRow | null {
  let gen: string | null = null;
  let agree = 0;
  for (const r of e.rows) {
    if (!r) continue;
    if (gen === null || r.gen === gen) {
      gen = r.gen;
      agree++;
    }
  }
  return agree >= set.readQuorum ? (e.rows.find((r) => r?.gen === gen) as ScanRow) : null;
}

/** A row's versions from its document; null when the document is absent, damaged or not JSON. */
function rowVersions(row: ScanRow | null): VersionRecord[] | null {
  if (row?.doc == null || !docIntact(row.doc, row.sum)) return null;
  try {
    return (JSON.parse(row.doc) as { versions: VersionRecord[] }).versions;
  } catch {
    // Intact but not JSON: cannot happen short of a bug; the quorum read decides.
    return null;
  }
}

/**
 * The versions of a scanned key (a scan with documents): from its rows when k of them agree on a
 * generation, else from the quorum read of every drive; null when the key has no versions (removed,
 * or never acknowledged).
 */
export async function entryVersions(
  set: ErasureSet,
  bucket: string,
  e: ScanEntry,
): Promise<VersionRecord[] | null> {
  // A damaged row: the quorum read decides.
  const versions = rowVersions(agreedRow(set, e));
  if (versions) return versions;
  const meta = await readMeta(set, bucket, e.key);
  return meta.doc?.versions ?? null;
}

/**
 * The latest version of a scanned key as a plain listing reports it (a scan with summaries): from the
 * agreed row's summary when its CRC-32 holds, else from that row's document (a row without a summary),
 * else from the quorum read; null when the key has no versions. The same rule as entryVersions: a
 * damaged summary counts as a missing copy.
 */
export async function entrySummary(
  set: ErasureSet,
  bucket: string,
  e: ScanEntry,
): Promise<LatestSummary | null> {
  const row = agreedRow(set, e);
  if (row?.summary != null && crc32(row.summary) === row.ssum) return parseSummary(row.summary);
  const versions = row?.summary == null ? rowVersions(row) : null;
  return latestOf(versions ?? (await readMeta(set, bucket, e.key)).doc?.versions);
}

/** What versions (latest first) hold, as usage counts it; null when there are none. */
function usageOf(key: string, versions: readonly { deleteMarker: boolean; size: number }[]): KeyUsage | null {
  const latest = versions[0];
  if (!latest) return null;
  const u: KeyUsage = {
    key,
    latestSize: latest.deleteMarker ? null : latest.size,
    versions: 0,
    bytes: 0,
    deleteMarkers: 0,
  };
  for (const v of versions) {
    if (v.deleteMarker) u.deleteMarkers++;
    else {
      u.versions++;
      u.bytes += v.size;
    }
  }
  return u;
}

/**
 * What a scanned key's versions hold (a usage scan): from the agreed row's summary when its CRC-32
 * holds and the scan left the document out (the key holds one version: ./catalog-summary.ts ScanMode),
 * else from that row's document, else from the quorum read; null when the key has no versions. The
 * same rule as entrySummary. Only the first drive's rows carry a summary or document in a usage scan:
 * a key whose agreed row is another drive's (the first lacks the row or disagrees) takes the quorum
 * read, as a damaged summary does.
 */
export async function entryUsage(set: ErasureSet, bucket: string, e: ScanEntry): Promise<KeyUsage | null> {
  const row = agreedRow(set, e);
  if (row?.doc == null && row?.summary != null && crc32(row.summary) === row.ssum) {
    const latest = summarySize(row.summary);
    return latest && usageOf(e.key, [latest]);
  }
  const versions = rowVersions(row) ?? (await readMeta(set, bucket, e.key)).doc?.versions;
  return versions ? usageOf(e.key, versions) : null;
}

/** Every key of a bucket that some scanned drive holds a row for, in order (heal's walk). */
export async function* bucketKeys(set: ErasureSet, bucket: string): AsyncGenerator<string> {
  const scan = new MergedScan(set, bucket, Buffer.alloc(0), true, KEY_END);
  for (let e = scan.next(); e; e = scan.next()) yield e.key;
}
