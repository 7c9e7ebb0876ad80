// SPDX-License-Identifier: Apache-2.0
import { crc32 } from 'node:zlib';
import { DOC, docIntact, GEN, KEY, KEY_END, type ScanRow, SSUM, SUM, SUMMARY } from './catalog.js';
import { type LatestSummary, latestOf, parseSummary, type ScanMode, summarySize } from './catalog-summary.js';
import type { Drive } from './drive.js';
import type { ErasureSet } from './erasure-set.js';
import type { VersionRecord } from './meta.js';
import { readMeta } from './meta-io.js';
import { compareKeys } from './names.js';
import type { KeyUsage } from './types.js';

/**
 * Ordered walks over a bucket's keys: range scans of the drives' catalogs (./catalog.ts) merged by
 * key. Each drive's scan is read a page of rows at a time (no statement stays open across awaits, and
 * memory is bounded by pages, not by the bucket), and `skip` jumps past a common prefix with one new
 * range per drive.
 *
 * Which drives: every acknowledged key's row is on at least W drives (the write quorum), so any
 * N − W + 1 of them hold it; the scan reads k (the read quorum, ≥ N − W + 1) so that a key whose k
 * rows agree on one generation is settled by the scan alone, as a fast `readMeta` would settle it
 * (any k drives include one that took the last acknowledged write). A key whose rows disagree or are
 * missing somewhere falls back to the quorum read of every drive. When a drive was re-formatted
 * (wiped, not healed yet) that coverage no longer holds, and every online drive is scanned.
 */

/**
 * The drives whose catalogs a walk scans (see above): a re-formatted drive last, since the first one
 * scanned is the one whose rows tell more than their generation (MergedScan).
 */
export function scanDrives(set: ErasureSet): Drive[] {
  const online = set.drives.filter((d) => d.online);
  if (online.some((d) => d.formatted) || online.length <= set.readQuorum) {
    return [...online.filter((d) => !d.formatted), ...online.filter((d) => d.formatted)];
  }
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
      // The key's bytes again (./catalog-summary.ts KEY_TEXT): the next page starts after them.
      this.from = Buffer.from(last[KEY]);
      this.inclusive = false;
    }
    return this.rows[0] ?? null;
  }

  advance(): void {
    this.at++;
  }

  /**
   * Continue past every key that starts with `prefix`, the scan being at one of them: every row ahead
   * is at or after it, so the rows below prefixEnd(prefix) are those that start with it.
   */
  skip(prefix: string): void {
    while (this.at < this.rows.length && (this.rows[this.at] as ScanRow)[KEY].startsWith(prefix)) this.at++;
    if (this.at < this.rows.length || this.done) return;
    this.from = prefixEnd(prefix);
    this.inclusive = true;
  }
}

/** A key of a merged scan and the row each scanned drive holds for it (null: no row). */
export interface ScanEntry {
  key: string;
  rows: (ScanRow | null)[];
}

/**
 * A merged, ordered scan of a bucket's keys in [from, to) (or (from, to) without `inclusive`). The
 * first drive's rows carry the columns `mode` reads (./catalog-summary.ts ScanMode), the others' only
 * their generations (`gens`): agreeing generations settle a key, and the first drive's row then tells
 * the rest. A key whose agreed row is another drive's (the first lacks the row, or holds another
 * generation) takes the quorum read, as a damaged copy does: slower, not wrong.
 */
export class MergedScan {
  private readonly cursors: Cursor[];
  /** The entry `next` hands out, filled again on every call. */
  private readonly entry: ScanEntry;

  constructor(
    set: ErasureSet,
    bucket: string,
    from: Buffer,
    inclusive: boolean,
    to: Buffer,
    page = 256,
    mode: ScanMode = 'docs',
  ) {
    const drives = scanDrives(set);
    this.cursors = drives.map(
      (d, i) => new Cursor(d, bucket, from, inclusive, to, page, i === 0 ? mode : 'gens'),
    );
    this.entry = { key: '', rows: drives.map(() => null) };
  }

  /**
   * The next key and its rows, in S3's key order (UTF-8 bytes: compareKeys); null at the end. The same
   * object every time: it holds until the next call.
   */
  next(): ScanEntry | null {
    const cursors = this.cursors;
    const rows = this.entry.rows;
    let min: string | null = null;
    for (let i = 0; i < cursors.length; i++) {
      const h = (cursors[i] as Cursor).head();
      rows[i] = h;
      if (h !== null && (min === null || (h[KEY] !== min && compareKeys(h[KEY], min) < 0))) min = h[KEY];
    }
    if (min === null) return null;
    for (let i = 0; i < cursors.length; i++) {
      const h = rows[i];
      if (h?.[KEY] === min) (cursors[i] as Cursor).advance();
      else rows[i] = null;
    }
    this.entry.key = min;
    return this.entry;
  }

  /** Continue past every key that starts with `prefix`, the last key `next` returned being one. */
  skip(prefix: string): void {
    for (const c of this.cursors) c.skip(prefix);
  }
}

/**
 * The row of a scanned key that k rows agree on (the same generation), null when they do not; the
 * first drive's when it is one of them.
 */
function agreedRow(set: ErasureSet, e: ScanEntry): ScanRow | null {
  let gen: string | null = null;
  let agree = 0;
  let first: ScanRow | null = null;
  for (const r of e.rows) {
    if (!r) continue;
    if (gen === null || r[GEN] === gen) {
      gen = r[GEN];
      first ??= r;
      agree++;
    }
  }
  return agree >= set.readQuorum ? first : null;
}

/** A row's versions from its document; null when the document is absent, damaged or not JSON. */
function rowVersions(row: ScanRow | null): VersionRecord[] | null {
  const doc = row?.[DOC];
  if (doc == null || !docIntact(doc, row?.[SUM])) return null;
  try {
    return (JSON.parse(doc) as { versions: VersionRecord[] }).versions;
  } catch {
    // Intact but not JSON: cannot happen short of a bug; the quorum read decides.
    return null;
  }
}

/** A row's summary text when its CRC-32 holds; null when it has none or it is damaged. */
function rowSummary(row: ScanRow | null): string | null {
  const summary = row?.[SUMMARY];
  return summary != null && crc32(summary) === row?.[SSUM] ? summary : null;
}

/*
 * What a scanned key's rows tell, for each kind of walk: `settle…` from the rows alone (synchronous; a
 * value, null when the key has no versions, undefined when the rows do not settle it), `read…` from
 * the quorum read of every drive for a key the rows did not settle.
 */

/** A key's versions from the quorum read of every drive; null when it has none. */
export async function readVersions(
  set: ErasureSet,
  bucket: string,
  key: string,
): Promise<VersionRecord[] | null> {
  return (await readMeta(set, bucket, key)).doc?.versions ?? null;
}

/**
 * The versions of a scanned key (a scan with documents): from its rows when k of them agree on a
 * generation and the agreed row's document is intact.
 */
export function settleVersions(set: ErasureSet, e: ScanEntry): VersionRecord[] | undefined {
  return rowVersions(agreedRow(set, e)) ?? undefined;
}

/**
 * The latest version of a scanned key as a plain listing reports it (a scan with summaries): from the
 * agreed row's summary when its CRC-32 holds, else from that row's document (a row without a summary).
 * The same rule as settleVersions: a damaged summary counts as a missing copy.
 */
export function settleSummary(set: ErasureSet, e: ScanEntry): LatestSummary | null | undefined {
  const row = agreedRow(set, e);
  const summary = rowSummary(row);
  if (summary !== null) return parseSummary(summary);
  const versions = row?.[SUMMARY] == null ? rowVersions(row) : null;
  return versions ? latestOf(versions) : undefined;
}

export async function readSummary(
  set: ErasureSet,
  bucket: string,
  key: string,
): Promise<LatestSummary | null> {
  return latestOf((await readVersions(set, bucket, key)) ?? undefined);
}

/** A usage walk's entry: a class, as every object a listing page keeps per key (./versions.ts ListedObject). */
class KeyUsageEntry implements KeyUsage {
  key: string;
  latestSize: number | null;
  versions = 0;
  bytes = 0;
  deleteMarkers = 0;

  constructor(key: string, latestSize: number | null) {
    this.key = key;
    this.latestSize = latestSize;
  }
}

/** What versions (latest first) hold, as usage counts it; null when there are none. */
function usageOf(key: string, versions: readonly { deleteMarker: boolean; size: number }[]): KeyUsage | null {
  const latest = versions[0];
  if (!latest) return null;
  const u = new KeyUsageEntry(key, latest.deleteMarker ? null : latest.size);
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
 * else from that row's document. The same rule as settleSummary.
 */
export function settleUsage(set: ErasureSet, e: ScanEntry): KeyUsage | null | undefined {
  const row = agreedRow(set, e);
  const summary = row?.[DOC] == null ? rowSummary(row) : null;
  if (summary !== null) {
    const latest = summarySize(summary);
    return latest && usageOf(e.key, [latest]);
  }
  const versions = rowVersions(row);
  return versions ? usageOf(e.key, versions) : undefined;
}

export async function readUsage(set: ErasureSet, bucket: string, key: string): Promise<KeyUsage | null> {
  const versions = await readVersions(set, bucket, key);
  return versions ? usageOf(key, versions) : null;
}

/** Every key of a bucket that some scanned drive holds a row for, in order (heal's walk). */
export async function* bucketKeys(set: ErasureSet, bucket: string): AsyncGenerator<string> {
  const scan = new MergedScan(set, bucket, Buffer.alloc(0), true, KEY_END, 256, 'gens');
  for (let e = scan.next(); e; e = scan.next()) yield e.key;
}
