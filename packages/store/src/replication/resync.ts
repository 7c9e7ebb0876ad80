// SPDX-License-Identifier: Apache-2.0
import { promises as fsp } from 'node:fs';
import path from 'node:path';

/**
 * Resync (`?replication-reset`) progress per bucket and target, as MinIO's
 * `GET ?replication-reset-status` answers it (minio-go's ResyncTarget): the reset id, when it started
 * and last moved, its status (Ongoing until every queued version was sent or found gone, then
 * Completed), what it replicated and what failed (counted once per version), and the last object.
 * Kept in one JSON file (written whole, through a rename) so the status outlives a restart.
 */

export interface ResyncState {
  bucket: string;
  arn: string;
  resetId: string;
  startTime: string;
  lastUpdate: string;
  status: 'Ongoing' | 'Completed';
  queued: number;
  finished: number;
  replicatedCount: number;
  replicatedSize: number;
  failedCount: number;
  failedSize: number;
  object: string;
}

/** minio-go's replication.ResyncTarget, as JSON. */
export interface ResyncTargetWire {
  arn: string;
  resetid: string;
  startTime: string;
  endTime: string;
  resyncStatus: string;
  completedReplicationSize: number;
  replicationCount: number;
  failedReplicationSize: number;
  failedReplicationCount: number;
  bucket: string;
  object: string;
}

export class ResyncTracker {
  readonly #file: string;
  #states = new Map<string, ResyncState>();
  #saving: Promise<void> = Promise.resolve();

  constructor(dataDir: string) {
    this.#file = path.join(dataDir, '.queues', 'replication-resync.json');
  }

  async load(): Promise<void> {
    try {
      const list = JSON.parse(await fsp.readFile(this.#file, 'utf8')) as ResyncState[];
      this.#states = new Map(list.map((s) => [`${s.bucket}\0${s.arn}`, s]));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  /** A resync of the target begins (replacing an earlier one's status). */
  begin(bucket: string, arn: string, resetId: string): void {
    const now = new Date().toISOString();
    this.#states.set(`${bucket}\0${arn}`, {
      bucket,
      arn,
      resetId,
      startTime: now,
      lastUpdate: now,
      status: 'Ongoing',
      queued: 0,
      finished: 0,
      replicatedCount: 0,
      replicatedSize: 0,
      failedCount: 0,
      failedSize: 0,
      object: '',
    });
  }

  /** Every version of the resync is queued: `count` of them. */
  async queued(bucket: string, arn: string, count: number): Promise<void> {
    const s = this.#states.get(`${bucket}\0${arn}`);
    if (!s) return;
    s.queued = count;
    this.#settle(s);
    await this.save();
  }

  #current(bucket: string, arn: string, resetId: string | undefined): ResyncState | undefined {
    const s = resetId ? this.#states.get(`${bucket}\0${arn}`) : undefined;
    return s && s.resetId === resetId ? s : undefined;
  }

  #settle(s: ResyncState): void {
    s.lastUpdate = new Date().toISOString();
    if (s.queued > 0 && s.finished < s.queued) return;
    if (s.status === 'Completed') return;
    s.status = 'Completed';
    this.save().catch(() => undefined);
  }

  /** A version of the resync left the queue (sent when `sent`, else it was gone). */
  finished(
    r: { bucket: string; arn: string; key: string; size: number; resetId?: string },
    sent: boolean,
  ): void {
    const s = this.#current(r.bucket, r.arn, r.resetId);
    if (!s) return;
    s.finished++;
    if (sent) {
      s.replicatedCount++;
      s.replicatedSize += r.size;
      s.object = r.key;
    }
    this.#settle(s);
  }

  /** A version of the resync failed for the first time. */
  failed(r: { bucket: string; arn: string; size: number; resetId?: string }): void {
    const s = this.#current(r.bucket, r.arn, r.resetId);
    if (!s) return;
    s.failedCount++;
    s.failedSize += r.size;
    s.lastUpdate = new Date().toISOString();
  }

  /** The bucket's resync statuses (of one target with `arn`), as minio-go reads them. */
  status(bucket: string, arn = ''): ResyncTargetWire[] {
    return [...this.#states.values()]
      .filter((s) => s.bucket === bucket && (arn === '' || s.arn === arn))
      .map((s) => ({
        arn: s.arn,
        resetid: s.resetId,
        startTime: s.startTime,
        endTime: s.lastUpdate,
        resyncStatus: s.status,
        completedReplicationSize: s.replicatedSize,
        replicationCount: s.replicatedCount,
        failedReplicationSize: s.failedSize,
        failedReplicationCount: s.failedCount,
        bucket: s.bucket,
        object: s.object,
      }));
  }

  forget(bucket: string, arn: string): void {
    if (this.#states.delete(`${bucket}\0${arn}`)) this.save().catch(() => undefined);
  }

  /** Writes every status (one write at a time, each through a temporary file and a rename). */
  save(): Promise<void> {
    const body = JSON.stringify([...this.#states.values()]);
    this.#saving = this.#saving
      .catch(() => undefined)
      .then(async () => {
        await fsp.mkdir(path.dirname(this.#file), { recursive: true });
        const tmp = `${this.#file}.tmp`;
        await fsp.writeFile(tmp, body);
        await fsp.rename(tmp, this.#file);
      });
    return this.#saving;
  }
}
