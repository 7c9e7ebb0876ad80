// SPDX-License-Identifier: Apache-2.0
/**
 * Replication statistics per bucket and target: what waits, what was replicated, what is failing now
 * (counts and bytes). A record that fails is counted once as failed until it is replicated; then the
 * failed figures go down again, so they return to zero once a target has caught up.
 */

export interface TargetStats {
  pendingCount: number;
  pendingSize: number;
  replicatedCount: number;
  replicatedSize: number;
  failedCount: number;
  failedSize: number;
  /** Versions that failed at least once since the store started (never goes down). */
  totalFailedCount: number;
  totalFailedSize: number;
  /** The longest the queue has been (records and bytes) since the store started. */
  peakPendingCount: number;
  peakPendingSize: number;
  /** When each failure of the last hour happened (ms) and its size, oldest first. */
  recentFailures: { at: number; size: number }[];
  /** Time from queueing to delivery of the last record sent (ms). */
  lastLatencyMs: number;
}

/** Failures within the last `ms` (counts and bytes). */
export function failuresWithin(
  s: TargetStats,
  ms: number,
  now = Date.now(),
): { count: number; bytes: number } {
  const recent = s.recentFailures.filter((f) => f.at > now - ms);
  return { count: recent.length, bytes: recent.reduce((n, f) => n + f.size, 0) };
}

const HOUR_MS = 3_600_000;

export function emptyStats(): TargetStats {
  return {
    pendingCount: 0,
    pendingSize: 0,
    replicatedCount: 0,
    replicatedSize: 0,
    failedCount: 0,
    failedSize: 0,
    totalFailedCount: 0,
    totalFailedSize: 0,
    peakPendingCount: 0,
    peakPendingSize: 0,
    recentFailures: [],
    lastLatencyMs: 0,
  };
}

export class ReplicationStats {
  readonly #byBucket = new Map<string, Map<string, TargetStats>>();
  readonly #failing = new Set<string>();

  #of(bucket: string, arn: string): TargetStats {
    let targets = this.#byBucket.get(bucket);
    if (!targets) {
      targets = new Map();
      this.#byBucket.set(bucket, targets);
    }
    let s = targets.get(arn);
    if (!s) {
      s = emptyStats();
      targets.set(arn, s);
    }
    return s;
  }

  queued(bucket: string, arn: string, size: number): void {
    const s = this.#of(bucket, arn);
    s.pendingCount++;
    s.pendingSize += size;
    s.peakPendingCount = Math.max(s.peakPendingCount, s.pendingCount);
    s.peakPendingSize = Math.max(s.peakPendingSize, s.pendingSize);
  }

  /** A record found waiting in a queue at start (its size is not known). */
  resumed(bucket: string, arn: string, size: number): void {
    this.queued(bucket, arn, size);
  }

  replicated(bucket: string, arn: string, id: string, size: number, latencyMs?: number): void {
    const s = this.#of(bucket, arn);
    if (latencyMs !== undefined) s.lastLatencyMs = latencyMs;
    s.pendingCount = Math.max(0, s.pendingCount - 1);
    s.pendingSize = Math.max(0, s.pendingSize - size);
    s.replicatedCount++;
    s.replicatedSize += size;
    if (this.#failing.delete(id)) {
      s.failedCount = Math.max(0, s.failedCount - 1);
      s.failedSize = Math.max(0, s.failedSize - size);
    }
  }

  /** A record left the queue without anything to send (its version is gone). */
  dropped(bucket: string, arn: string, id: string, size: number): void {
    const s = this.#of(bucket, arn);
    s.pendingCount = Math.max(0, s.pendingCount - 1);
    s.pendingSize = Math.max(0, s.pendingSize - size);
    if (this.#failing.delete(id)) {
      s.failedCount = Math.max(0, s.failedCount - 1);
      s.failedSize = Math.max(0, s.failedSize - size);
    }
  }

  /** Returns true the first time this record fails. */
  failed(bucket: string, arn: string, id: string, size: number): boolean {
    if (this.#failing.has(id)) return false;
    this.#failing.add(id);
    const s = this.#of(bucket, arn);
    s.failedCount++;
    s.failedSize += size;
    s.totalFailedCount++;
    s.totalFailedSize += size;
    const now = Date.now();
    s.recentFailures.push({ at: now, size });
    while ((s.recentFailures[0]?.at ?? now) <= now - HOUR_MS) s.recentFailures.shift();
    return true;
  }

  bucket(bucket: string): Map<string, TargetStats> {
    return new Map(
      [...(this.#byBucket.get(bucket) ?? new Map<string, TargetStats>())].map(([k, v]) => [
        k,
        { ...v, recentFailures: [...v.recentFailures] },
      ]),
    );
  }

  /** Every bucket with statistics. */
  buckets(): string[] {
    return [...this.#byBucket.keys()];
  }

  forget(bucket: string): void {
    this.#byBucket.delete(bucket);
  }
}
