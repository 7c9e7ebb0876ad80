// SPDX-License-Identifier: Apache-2.0
import type { BucketUsage, DataUsageSnapshot, UsageScanner } from '../core/usage.js';
import type { ObjectEvent, ObjectEventBus, ObjectEventName } from '../events/object-events.js';
import type { ObjectLayer } from '../object-layer/types.js';
import { SCANNER_SPEED_PACING, type ScannerPacing, scannerSleepMs } from './pacing.js';

/** Size histogram buckets, named as MinIO's data usage reports them (PROTOCOL-NOTES §7). */
export const HISTOGRAM_BUCKETS: readonly { name: string; below: number }[] = [
  { name: 'LESS_THAN_1024_B', below: 1024 },
  { name: 'BETWEEN_1024_B_AND_1_MB', below: 1024 * 1024 },
  { name: 'BETWEEN_1_MB_AND_10_MB', below: 10 * 1024 * 1024 },
  { name: 'BETWEEN_10_MB_AND_64_MB', below: 64 * 1024 * 1024 },
  { name: 'BETWEEN_64_MB_AND_128_MB', below: 128 * 1024 * 1024 },
  { name: 'BETWEEN_128_MB_AND_512_MB', below: 512 * 1024 * 1024 },
  { name: 'GREATER_THAN_512_MB', below: Number.POSITIVE_INFINITY },
];

export function emptyHistogram(): Record<string, number> {
  return Object.fromEntries(HISTOGRAM_BUCKETS.map((b) => [b.name, 0]));
}

function histogramBucket(size: number): string {
  for (const b of HISTOGRAM_BUCKETS) if (size < b.below) return b.name;
  return 'GREATER_THAN_512_MB';
}

export interface ScannerOptions {
  /** Full rescan period; default 60 s. The timer is unref'd so it never keeps the process alive. */
  intervalMs?: number;
  /** Delay before a bucket changed by a write is rescanned; default 1 s. */
  dirtyDelayMs?: number;
  /** Keys walked per page while scanning (all their versions). */
  pageSize?: number;
  onError?: (err: unknown) => void;
}

/** Object events whose size is new bytes in the bucket (until the rescan that measures them). */
const BYTES_WRITTEN: ReadonlySet<ObjectEventName> = new Set<ObjectEventName>([
  's3:ObjectCreated:Put',
  's3:ObjectCreated:CompleteMultipartUpload',
]);

/** Heal check of one object, run by background scans (the `heal` set decides how deep it looks). */
export type HealCheck = (bucket: string, key: string) => Promise<void>;

/** Without bitrot scanning, each cycle heal-checks one object in this many (MinIO's selection odds). */
export const HEAL_SELECT_ONE_IN = 1024;

/** FNV-1a of a bucket/key: which cycle (mod {@link HEAL_SELECT_ONE_IN}) checks the object. */
function objectHash(bucket: string, key: string): number {
  let h = 0x811c9dc5;
  const s = `${bucket}/${key}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Whether a background cycle heal-checks an object: every one, or one in 1024 rotating by cycle. */
export function selectedForHeal(bucket: string, key: string, cycle: number, everyObject: boolean): boolean {
  return everyObject || objectHash(bucket, key) % HEAL_SELECT_ONE_IN === cycle % HEAL_SELECT_ONE_IN;
}

/**
 * A bucket changed by writes is rescanned no sooner than this many times its last scan's duration
 * after that scan ended, so a bucket written without pause costs the scanner at most ~1/(1+PACE) of
 * the time (a 100k-object bucket takes seconds to walk; rescanning it every second ran the walk
 * nonstop beside the writes). Quotas stay safe meanwhile: writes since the last scan are counted.
 */
const SCAN_PACE = 9;

/**
 * The data-usage scanner: walks every bucket's versions and keeps per-bucket size, counts and size
 * histograms current. It is the store's {@link UsageScanner} (hard-quota enforcement, admin usage): between
 * scans, committed writes (seen on the object event bus) add their bytes to the bucket's figure at once —
 * an upper bound for overwrites — and other changes mark the bucket for an exact rescan shortly after.
 */
export class DataUsageScanner implements UsageScanner {
  readonly #layer: ObjectLayer;
  readonly #opts: Required<Omit<ScannerOptions, 'onError'>> & Pick<ScannerOptions, 'onError'>;
  #usage = new Map<string, BucketUsage>();
  /** Writes (bytes, commit time in ms) the bucket's figure may not include yet. */
  #pending = new Map<string, { bytes: number; at: number }[]>();
  /** When the bucket's latest scan (finished or running) started. */
  #scanStarted = new Map<string, number>();
  #dirty = new Set<string>();
  #lastUpdate: Date | null = null;
  #fullScan: Promise<DataUsageSnapshot> | null = null;
  #bucketScans = new Map<string, Promise<BucketUsage | null>>();
  /** When each bucket's last scan ended and how long it took (ms), to pace rescans. */
  #lastScan = new Map<string, { end: number; ms: number }>();
  #timer: NodeJS.Timeout | null = null;
  #dirtyTimer: NodeJS.Timeout | null = null;
  #unsubscribe: (() => void) | null = null;
  #stopped = false;
  /** Aborts the pacing sleeps when the scanner stops. */
  #stopping = new AbortController();
  /**
   * Set when a caller waits for a scan already running (a quota check, an admin usage call): the
   * running scan stops pacing so the caller is not held up by the `scanner` set's sleeps.
   */
  #hurry = false;
  #wake: (() => void) | null = null;
  #pacing: ScannerPacing;
  #heal: { check: HealCheck; everyObject: boolean } | null = null;
  /** Background full cycles run so far (rotates the heal selection). */
  #cycle = 0;

  constructor(layer: ObjectLayer, options: ScannerOptions = {}) {
    this.#layer = layer;
    this.#opts = {
      intervalMs: options.intervalMs ?? 60_000,
      dirtyDelayMs: options.dirtyDelayMs ?? 1000,
      pageSize: options.pageSize ?? 1000,
      onError: options.onError,
    };
    this.#pacing = { ...SCANNER_SPEED_PACING.default, cycleMs: this.#opts.intervalMs };
  }

  /** Starts periodic scanning (first scan right away). */
  start(): void {
    this.#stopped = false;
    void this.scanAll(true).catch((err) => this.#opts.onError?.(err));
    this.#startTimer();
  }

  #startTimer(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = setInterval(() => {
      void this.scanAll(true).catch((err) => this.#opts.onError?.(err));
    }, this.#pacing.cycleMs);
    this.#timer.unref();
  }

  /** The `scanner` set's pacing: sleeps of background scans, and the cycle period (applied at once). */
  setPacing(pacing: ScannerPacing): void {
    const cycleChanged = pacing.cycleMs !== this.#pacing.cycleMs;
    this.#pacing = pacing;
    if (cycleChanged && this.#timer) this.#startTimer();
  }

  get pacing(): ScannerPacing {
    return this.#pacing;
  }

  /**
   * Background heal checks during background scans: every object each cycle when `everyObject` (the
   * `heal` set's bitrot scan), else one in {@link HEAL_SELECT_ONE_IN}; null turns them off.
   */
  setHealCheck(check: HealCheck | null, everyObject = false): void {
    this.#heal = check ? { check, everyObject } : null;
  }

  /**
   * Follows committed object changes so writes are reflected before the next full scan: the bytes of
   * uploads (PUT, completed multipart uploads) count at once; copies and removals mark the bucket for
   * a prompt rescan.
   */
  observe(events: ObjectEventBus): void {
    const listener = (e: ObjectEvent): void => {
      // Events are published right after the commit: a scan that started later includes the write.
      if (BYTES_WRITTEN.has(e.name) && e.size > 0) this.noteWrite(e.bucket, e.size, e.time.getTime());
      else this.noteChange(e.bucket);
    };
    events.on('object', listener);
    this.#unsubscribe = () => events.off('object', listener);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stopping.abort();
    if (this.#timer) clearInterval(this.#timer);
    if (this.#dirtyTimer) clearTimeout(this.#dirtyTimer);
    this.#timer = null;
    this.#dirtyTimer = null;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    await Promise.allSettled([this.#fullScan, ...this.#bucketScans.values()]);
  }

  /**
   * Records bytes written to a bucket, committed at `at` (ms). They count until a scan that started
   * later has finished. A write committed before the latest scan began is in that scan's figure, so an
   * event that arrives late never counts a write twice.
   */
  noteWrite(bucket: string, bytes: number, at = Date.now()): void {
    if (at < (this.#scanStarted.get(bucket) ?? Number.NEGATIVE_INFINITY)) {
      this.noteChange(bucket);
      return;
    }
    const list = this.#pending.get(bucket) ?? [];
    list.push({ bytes, at });
    this.#pending.set(bucket, list);
    this.noteChange(bucket);
  }

  #pendingBytes(bucket: string): number {
    let sum = 0;
    for (const p of this.#pending.get(bucket) ?? []) sum += p.bytes;
    return sum;
  }

  /** Marks a bucket for a prompt rescan (after a delete, a copy, a multipart completion…). */
  noteChange(bucket: string): void {
    this.#dirty.add(bucket);
    this.#scheduleDirty(this.#opts.dirtyDelayMs);
  }

  /** Rescans the changed buckets whose pace allows it in `delay` ms; waits again for the others. */
  #scheduleDirty(delay: number): void {
    if (this.#dirtyTimer || this.#stopped) return;
    this.#dirtyTimer = setTimeout(() => {
      this.#dirtyTimer = null;
      const now = Date.now();
      let wait = Number.POSITIVE_INFINITY;
      for (const b of [...this.#dirty]) {
        const last = this.#lastScan.get(b);
        const ready = last ? last.end + SCAN_PACE * last.ms : now;
        if (ready > now) {
          wait = Math.min(wait, ready - now);
          continue;
        }
        this.#dirty.delete(b);
        void this.scanBucket(b, true).catch((err) => this.#opts.onError?.(err));
      }
      if (wait !== Number.POSITIVE_INFINITY) this.#scheduleDirty(wait);
    }, delay);
    this.#dirtyTimer.unref();
  }

  /** UsageProvider: the bucket's stored bytes as last measured plus writes since. */
  async bucketSize(bucket: string): Promise<number> {
    let u = this.#usage.get(bucket);
    if (!u) u = (await this.scanBucket(bucket)) ?? undefined;
    return (u?.size ?? 0) + this.#pendingBytes(bucket);
  }

  /** Current figures (never waits for a scan). */
  snapshot(): DataUsageSnapshot {
    return { lastUpdate: this.#lastUpdate, buckets: new Map(this.#usage) };
  }

  /** Figures after at least one full scan has finished (runs one if none has). */
  async ensureScanned(): Promise<DataUsageSnapshot> {
    if (this.#lastUpdate === null) return this.scanAll();
    return this.snapshot();
  }

  /**
   * Brings the figures up to date cheaply: rescans buckets changed since their last scan and buckets
   * not measured yet, and forgets deleted ones, without walking unchanged buckets again.
   */
  async refresh(): Promise<DataUsageSnapshot> {
    if (this.#lastUpdate === null) return this.scanAll();
    if (this.#dirtyTimer) {
      clearTimeout(this.#dirtyTimer);
      this.#dirtyTimer = null;
    }
    const buckets = await this.#layer.listBuckets();
    const names = new Set(buckets.map((b) => b.name));
    const stale = buckets.map((b) => b.name).filter((n) => this.#dirty.has(n) || !this.#usage.has(n));
    this.#dirty.clear();
    for (const n of stale) await this.scanBucket(n);
    for (const name of [...this.#usage.keys()]) {
      if (!names.has(name)) {
        this.#usage.delete(name);
        this.#pending.delete(name);
      }
    }
    return this.snapshot();
  }

  /**
   * Scans every bucket now (joins a scan already running). A `background` cycle is paced by the
   * `scanner` set and runs the heal checks; one a caller waits for is not.
   */
  scanAll(background = false): Promise<DataUsageSnapshot> {
    if (this.#fullScan) {
      if (!background) this.#hurryUp();
      return this.#fullScan;
    }
    const run = (async () => {
      try {
        const buckets = await this.#layer.listBuckets();
        const names = new Set(buckets.map((b) => b.name));
        if (background) this.#cycle++;
        for (const b of buckets) await this.scanBucket(b.name, background);
        for (const name of [...this.#usage.keys()]) {
          if (!names.has(name)) {
            this.#usage.delete(name);
            this.#pending.delete(name);
            this.#scanStarted.delete(name);
            this.#lastScan.delete(name);
          }
        }
        this.#lastUpdate = new Date();
        return this.snapshot();
      } finally {
        this.#fullScan = null;
        this.#hurry = false;
      }
    })();
    this.#fullScan = run;
    return run;
  }

  /** Scans one bucket now; null when it does not exist (any stale figures are dropped). */
  scanBucket(bucket: string, background = false): Promise<BucketUsage | null> {
    const running = this.#bucketScans.get(bucket);
    if (running) {
      if (!background) this.#hurryUp();
      return running;
    }
    const run = (async () => {
      const started = Date.now();
      this.#scanStarted.set(bucket, started);
      try {
        const u = await this.#measure(bucket, background);
        const end = Date.now();
        this.#lastScan.set(bucket, { end, ms: end - started });
        if (u === null) {
          this.#usage.delete(bucket);
          this.#pending.delete(bucket);
          this.#scanStarted.delete(bucket);
          this.#lastScan.delete(bucket);
          return null;
        }
        this.#usage.set(bucket, u);
        // Writes completed before the scan started are in its figure now.
        const left = (this.#pending.get(bucket) ?? []).filter((p) => p.at >= started);
        if (left.length > 0) this.#pending.set(bucket, left);
        else this.#pending.delete(bucket);
        return u;
      } finally {
        this.#bucketScans.delete(bucket);
        if (this.#bucketScans.size === 0 && !this.#fullScan) this.#hurry = false;
      }
    })();
    this.#bucketScans.set(bucket, run);
    return run;
  }

  /** Sleeps after `workMs` of background scanning, as the pacing asks (cut short by stop()). */
  async #pace(workMs: number): Promise<void> {
    const ms = scannerSleepMs(workMs, this.#pacing);
    if (ms <= 0 || this.#stopped || this.#hurry) return;
    await new Promise<void>((resolve) => {
      const signal = this.#stopping.signal;
      let t: NodeJS.Timeout | undefined;
      const done = (): void => {
        clearTimeout(t);
        signal.removeEventListener('abort', done);
        if (this.#wake === done) this.#wake = null;
        resolve();
      };
      t = setTimeout(done, ms);
      t.unref();
      this.#wake = done;
      signal.addEventListener('abort', done, { once: true });
    });
  }

  /** A caller waits for the running scan: finish it unpaced. */
  #hurryUp(): void {
    this.#hurry = true;
    this.#wake?.();
  }

  /** Heal-checks the selected latest versions of one page (errors reported, the scan goes on). */
  async #healPage(bucket: string, keys: string[]): Promise<void> {
    const heal = this.#heal;
    if (!heal) return;
    for (const key of keys) {
      if (this.#stopped) return;
      if (!selectedForHeal(bucket, key, this.#cycle, heal.everyObject)) continue;
      await heal.check(bucket, key).catch((err: unknown) => this.#opts.onError?.(err));
    }
  }

  async #measure(bucket: string, background: boolean): Promise<BucketUsage | null> {
    const u: BucketUsage = {
      size: 0,
      objectsCount: 0,
      versionsCount: 0,
      deleteMarkersCount: 0,
      histogram: emptyHistogram(),
      lastUpdate: new Date(),
    };
    let after: string | undefined;
    for (;;) {
      const pageStarted = Date.now();
      const latest: string[] = [];
      let page: Awaited<ReturnType<ObjectLayer['listObjectUsage']>>;
      try {
        // Usage facts per key, not an ObjectInfo per version: at 1M keys the ListObjectVersions walk
        // cost 13.6 s of CPU in the 45 s after a start (packages/store/docs/scale.md).
        page = await this.#layer.listObjectUsage(bucket, {
          maxKeys: this.#opts.pageSize,
          ...(after !== undefined ? { after } : {}),
        });
      } catch (err) {
        if ((err as { code?: string }).code === 'NoSuchBucket') return null;
        throw err;
      }
      for (const k of page.objects) {
        u.size += k.bytes;
        u.versionsCount += k.versions;
        u.deleteMarkersCount += k.deleteMarkers;
        if (k.latestSize !== null) {
          latest.push(k.key);
          u.objectsCount++;
          const h = histogramBucket(k.latestSize);
          u.histogram[h] = (u.histogram[h] ?? 0) + 1;
        }
      }
      if (background) {
        await this.#healPage(bucket, latest);
        await this.#pace(Date.now() - pageStarted);
      }
      if (!page.isTruncated || page.nextAfter === null || this.#stopped) break;
      after = page.nextAfter;
    }
    u.lastUpdate = new Date();
    return u;
  }
}
