// SPDX-License-Identifier: Apache-2.0
import { setTimeout as sleep } from 'node:timers/promises';
import { type Clock, systemClock } from '../core/clock.js';
import { isS3Error } from '../core/errors.js';
import type { IlmProgress, IlmProgressSource } from '../core/ilm-progress.js';
import type { ObjectEventBus, ObjectEventName } from '../events/object-events.js';
import { abortDue, type LifecycleAction, planKey } from '../lifecycle/evaluate.js';
import { readLifecycle, versionFacts } from '../lifecycle/store.js';
import type { LifecycleConfiguration } from '../lifecycle/types.js';
import { RESTORE_KEY, restoreExpiry } from '../object-layer/restore.js';
import type { ObjectInfo, ObjectLayer } from '../object-layer/types.js';
import { SCANNER_SPEED_PACING, type ScannerPacing, scannerSleepMs } from './pacing.js';

/**
 * The scanner's lifecycle pass: every cycle it walks each bucket that has lifecycle rules and applies
 * what is due by the clock — expiring current versions (a delete marker in a versioned bucket),
 * noncurrent versions and lone delete markers, aborting stale multipart uploads, and handing
 * transitions to the tiers. A version under legal hold or unexpired retention is never removed. Paced
 * by the `scanner` set like the usage scan; its progress is `status()`.
 */

/** What the pass needs of the remote tiers (the tier service). */
export interface LifecycleTiers {
  /** Moves a version's data to a tier; resolves once the remote copy is durable and the local freed. */
  transition(bucket: string, key: string, versionId: string, tier: string): Promise<void>;
  /** The tier a version's data lives on, if it was transitioned. */
  tierOf(info: ObjectInfo): string | undefined;
  /** Removes remote copies of versions that are gone; run after the cycle's transitions. */
  sweep(): Promise<unknown>;
}

export interface LifecycleScanOptions {
  clock?: Clock;
  events?: ObjectEventBus;
  tiers?: LifecycleTiers;
  onError?: (err: unknown) => void;
  pageSize?: number;
}

/** What the pass has done since the store started (admin: scanner status). */
export interface LifecycleScanStatus {
  cycles: number;
  /** ISO time the current cycle began, or null when idle. */
  running: string | null;
  lastCycleStarted: string | null;
  lastCycleEnded: string | null;
  expiredVersions: number;
  deleteMarkersCreated: number;
  transitionedVersions: number;
  abortedUploads: number;
  /** Restored copies of transitioned versions freed after their restore expired. */
  restoresExpired: number;
  /** Versions kept because of legal hold or retention. */
  lockedVersionsKept: number;
  failures: number;
}

export class LifecycleScanner implements IlmProgressSource {
  readonly #layer: ObjectLayer;
  readonly #opts: LifecycleScanOptions;
  readonly #clock: Clock;
  #pacing: ScannerPacing = SCANNER_SPEED_PACING.default;
  #timer: NodeJS.Timeout | null = null;
  #cycle: Promise<void> | null = null;
  #stopped = false;
  readonly #status: LifecycleScanStatus = {
    cycles: 0,
    running: null,
    lastCycleStarted: null,
    lastCycleEnded: null,
    expiredVersions: 0,
    deleteMarkersCreated: 0,
    transitionedVersions: 0,
    abortedUploads: 0,
    restoresExpired: 0,
    lockedVersionsKept: 0,
    failures: 0,
  };

  constructor(layer: ObjectLayer, opts: LifecycleScanOptions = {}) {
    this.#layer = layer;
    this.#opts = opts;
    this.#clock = opts.clock ?? systemClock;
  }

  readonly #ops: Record<string, number> = {};
  readonly #completed: number[] = [];
  #currentStarted: number | null = null;

  status(): LifecycleScanStatus {
    return { ...this.#status };
  }

  progress(): IlmProgress {
    return {
      cycles: this.#status.cycles,
      currentStarted: this.#currentStarted,
      completed: [...this.#completed],
      ops: { ...this.#ops },
    };
  }

  /** Counts one ILM operation under MinIO's action name. */
  #count(op: string): void {
    this.#ops[op] = (this.#ops[op] ?? 0) + 1;
  }

  setPacing(pacing: ScannerPacing): void {
    const restart = this.#timer !== null && pacing.cycleMs !== this.#pacing.cycleMs;
    this.#pacing = pacing;
    if (restart) {
      this.#stopTimer();
      this.start();
    }
  }

  start(): void {
    if (this.#stopped || this.#timer) return;
    this.#timer = setInterval(() => void this.runCycle(), this.#pacing.cycleMs);
    this.#timer.unref();
  }

  #stopTimer(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stopTimer();
    await this.#cycle?.catch(() => undefined);
  }

  /** Runs one full cycle now (or joins the one running). */
  runCycle(): Promise<void> {
    this.#cycle ??= this.#runCycle().finally(() => {
      this.#cycle = null;
    });
    return this.#cycle;
  }

  async #runCycle(): Promise<void> {
    const started = new Date(this.#clock.now()).toISOString();
    this.#status.running = started;
    this.#status.lastCycleStarted = started;
    this.#currentStarted = Date.now();
    try {
      for (const bucket of await this.#layer.listBuckets()) {
        if (this.#stopped) return;
        try {
          const config = await readLifecycle(this.#layer, bucket.name);
          if (config) await this.#scanBucket(bucket.name, config);
        } catch (err) {
          this.#fail(err);
        }
      }
      await this.#opts.tiers?.sweep().catch((err: unknown) => this.#fail(err));
    } finally {
      this.#status.running = null;
      this.#status.lastCycleEnded = new Date(this.#clock.now()).toISOString();
      this.#status.cycles++;
      this.#currentStarted = null;
      this.#completed.push(Date.now());
      if (this.#completed.length > 16) this.#completed.shift();
    }
  }

  #fail(err: unknown): void {
    this.#status.failures++;
    this.#opts.onError?.(err);
  }

  async #scanBucket(bucket: string, config: LifecycleConfiguration): Promise<void> {
    const pageSize = this.#opts.pageSize ?? 500;
    let keyMarker: string | undefined;
    let versionIdMarker: string | undefined;
    let group: ObjectInfo[] = [];
    for (;;) {
      const t0 = Date.now();
      const page = await this.#layer.listObjectVersions(bucket, {
        maxKeys: pageSize,
        ...(keyMarker !== undefined ? { keyMarker } : {}),
        ...(versionIdMarker !== undefined ? { versionIdMarker } : {}),
      });
      for (const v of page.versions) {
        if (group.length > 0 && group[0]?.key !== v.key) {
          await this.#applyKey(bucket, config, group);
          group = [];
        }
        group.push(v);
      }
      if (!page.isTruncated || page.nextKeyMarker === null || this.#stopped) break;
      keyMarker = page.nextKeyMarker;
      versionIdMarker = page.nextVersionIdMarker ?? undefined;
      await sleep(scannerSleepMs(Date.now() - t0, this.#pacing));
    }
    if (group.length > 0) await this.#applyKey(bucket, config, group);
    await this.#abortUploads(bucket, config);
  }

  #locked(v: ObjectInfo): boolean {
    return v.legalHold || (v.retention !== null && v.retention.retainUntil.getTime() > this.#clock.now());
  }

  async #applyKey(bucket: string, config: LifecycleConfiguration, versions: ObjectInfo[]): Promise<void> {
    const key = versions[0]?.key ?? '';
    await this.#dropExpiredRestores(bucket, versions);
    const tiers = this.#opts.tiers;
    const facts = versions.map((v) => versionFacts(v, tiers?.tierOf(v)));
    const byId = new Map(versions.map((v) => [v.versionId, v]));
    for (const action of planKey(config, key, facts, this.#clock.now())) {
      try {
        await this.#apply(bucket, key, action, byId);
      } catch (err) {
        // A version locked since it was listed (AccessDenied) is kept, like any locked one.
        if (isS3Error(err, 'AccessDenied')) this.#status.lockedVersionsKept++;
        else this.#fail(err);
      }
    }
  }

  /** Restored copies of transitioned versions go once their restore expired (the tier keeps its copy). */
  async #dropExpiredRestores(bucket: string, versions: ObjectInfo[]): Promise<void> {
    const now = this.#clock.now();
    for (const v of versions) {
      const expiry = restoreExpiry(v.systemMetadata[RESTORE_KEY]);
      if (expiry === null || expiry > now) continue;
      try {
        if (await this.#layer.dropRestoredCopy?.(bucket, v.key, v.versionId, now)) {
          this.#status.restoresExpired++;
          this.#count(v.isLatest ? 'DeleteRestored' : 'DeleteRestoredVersion');
        }
      } catch (err) {
        this.#fail(err);
      }
    }
  }

  async #apply(
    bucket: string,
    key: string,
    action: LifecycleAction,
    byId: Map<string, ObjectInfo>,
  ): Promise<void> {
    if (action.kind === 'transition') {
      if (!this.#opts.tiers) return;
      await this.#opts.tiers.transition(bucket, key, action.versionId, action.tier);
      this.#status.transitionedVersions++;
      this.#count(byId.get(action.versionId)?.isLatest ? 'Transition' : 'TransitionVersion');
      this.#publish('s3:ObjectTransition:Complete', bucket, key, action.versionId);
      return;
    }
    if (action.kind === 'expire-current') {
      const latest = [...byId.values()].find((v) => v.isLatest);
      const versioning = (await this.#layer.getBucketInfo(bucket)).versioning;
      if (versioning === 'Unversioned' && latest && this.#locked(latest)) {
        this.#status.lockedVersionsKept++;
        return;
      }
      const r = await this.#layer.deleteObject(bucket, key);
      if (r.deleteMarker) this.#status.deleteMarkersCreated++;
      else this.#status.expiredVersions++;
      this.#count('Delete');
      this.#publish(
        r.deleteMarker ? 's3:LifecycleExpiration:DeleteMarkerCreated' : 's3:LifecycleExpiration:Delete',
        bucket,
        key,
        r.versionId,
      );
      return;
    }
    const v = byId.get(action.versionId);
    if (v && this.#locked(v)) {
      this.#status.lockedVersionsKept++;
      return;
    }
    await this.#layer.deleteObject(bucket, key, { versionId: action.versionId });
    this.#status.expiredVersions++;
    this.#count(action.deleteMarker ? 'DelMarkerDelete' : 'DeleteVersion');
    this.#publish('s3:LifecycleExpiration:Delete', bucket, key, action.versionId);
  }

  async #abortUploads(bucket: string, config: LifecycleConfiguration): Promise<void> {
    if (!config.rules.some((r) => r.status === 'Enabled' && r.abortIncompleteMultipartUpload)) return;
    const now = this.#clock.now();
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.#layer.listMultipartUploads(bucket, {
        maxUploads: 1000,
        ...(keyMarker !== undefined ? { keyMarker } : {}),
        ...(uploadIdMarker !== undefined ? { uploadIdMarker } : {}),
      });
      for (const u of page.uploads) {
        if (!abortDue(config, u.key, u.initiated.getTime(), now)) continue;
        try {
          await this.#layer.abortMultipartUpload(bucket, u.key, u.uploadId);
          this.#status.abortedUploads++;
          this.#count('AbortMultipartUpload');
        } catch (err) {
          if (!isS3Error(err, 'NoSuchUpload')) this.#fail(err);
        }
      }
      const last = page.uploads.at(-1);
      if (!page.isTruncated || !last) break;
      keyMarker = last.key;
      uploadIdMarker = last.uploadId;
    }
  }

  #publish(name: ObjectEventName, bucket: string, key: string, versionId: string): void {
    const events = this.#opts.events;
    if (!events || events.listenerCount('object') === 0) return;
    events.emit('object', {
      name,
      time: new Date(this.#clock.now()),
      bucket,
      key,
      size: 0,
      etag: '',
      versionId: versionId === 'null' ? '' : versionId,
      contentType: '',
      principal: 'lifecycle',
      sourceIp: '',
      userAgent: 'Internal: [ILM-Expiry]',
    });
  }
}
