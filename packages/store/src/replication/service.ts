// SPDX-License-Identifier: Apache-2.0
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BucketTarget } from '@stowage/madmin';
import { isS3Error, S3Error } from '../core/errors.js';
import type { StoreLog } from '../log/store-log.js';
import type { ObjectInfo, ObjectLayer, UnsealKey } from '../object-layer/types.js';
import { DurableQueue, QueueFullError } from '../queue/durable-queue.js';
import {
  type ChangeKind,
  matchRule,
  matchRules,
  parseReplicationConfig,
  type ReplicationConfig,
  type ReplicationRule,
  replicationConfigXml,
} from './config.js';
import { ResyncTracker } from './resync.js';
import { ReplicationStats, type TargetStats } from './stats.js';
import { clientOf, RemoteTargets } from './targets.js';
import { partLayout, sendDelete, sendMultipartVersion, sendVersion } from './wire.js';

/**
 * The replication engine. Every replicated change (new version, delete marker, version delete,
 * metadata change) is appended to the durable queue of its target (`<dataDir>/.queues/replication-
 * <hash of the ARN>`) before the request is acknowledged; one delivery loop per target sends them in
 * order with retries and backoff (the queue's), reading the version from the layer at send time. A
 * target in sync mode makes the request wait for its record's first delivery attempt. See
 * ../../docs/replication.md.
 */

/** One queued change. */
export interface ReplicationRecord {
  id: string;
  op: 'object' | 'delete-marker' | 'version-delete';
  bucket: string;
  key: string;
  versionId: string;
  size: number;
  arn: string;
  storageClass: string;
  /** When it was queued (ms), for the replication latency. */
  at?: number;
  /** Set on the records of a resync (`?replication-reset`), for its status. */
  resetId?: string;
}

/** A committed change a request made, for {@link ReplicationService.changed}. */
export interface Change {
  bucket: string;
  key: string;
  versionId: string;
  kind: ChangeKind;
  size?: number;
  tags?: Record<string, string>;
}

interface OpenTarget {
  target: BucketTarget;
  queue: DurableQueue;
}

export interface ReplicationServiceOptions {
  layer: ObjectLayer;
  log: StoreLog;
  dataDir: string;
  region: () => string;
  /** host:port this store serves (a target identical to its source is refused). */
  selfHost: () => string;
  /**
   * The object key of an encrypted version, for reading it to send (SSE-S3 and SSE-KMS through the
   * KMS; an SSE-C version cannot be read without its customer's key, so it fails to replicate).
   */
  unseal?: (bucket: string, key: string) => UnsealKey;
  /** Retry backoff bounds (tests shorten them). */
  retryMinMs?: number;
  retryMaxMs?: number;
  queueLimit?: number;
}

export class ReplicationService {
  readonly targets: RemoteTargets;
  readonly stats = new ReplicationStats();
  readonly resyncs: ResyncTracker;
  readonly #opts: ReplicationServiceOptions;
  readonly #configs = new Map<string, ReplicationConfig | null>();
  readonly #open = new Map<string, Promise<OpenTarget>>();
  readonly #waiters = new Map<string, () => void>();
  #closed = false;

  constructor(opts: ReplicationServiceOptions) {
    this.#opts = opts;
    this.targets = new RemoteTargets(opts.layer, opts.region, opts.selfHost);
    this.resyncs = new ResyncTracker(opts.dataDir);
  }

  /** Opens the queue of every target of every bucket: what an earlier run left waiting is delivered. */
  async start(): Promise<void> {
    await this.resyncs.load();
    for (const t of await this.targets.listAll()) await this.#target(t.sourcebucket, t.arn ?? '');
  }

  async config(bucket: string): Promise<ReplicationConfig | null> {
    if (this.#configs.has(bucket)) return this.#configs.get(bucket) ?? null;
    const raw = await this.#opts.layer.getBucketConfig(bucket, 'replication');
    const config = raw ? parseReplicationConfig(raw) : null;
    this.#configs.set(bucket, config);
    return config;
  }

  /** Saves (or with null removes) a bucket's configuration; every rule must name a target of the bucket. */
  async setConfig(bucket: string, config: ReplicationConfig | null): Promise<void> {
    if (config) {
      const info = await this.#opts.layer.getBucketInfo(bucket);
      if (info.versioning !== 'Enabled') {
        throw new S3Error(
          'InvalidRequest',
          "Versioning must be 'Enabled' on the bucket to apply a replication configuration",
        );
      }
      const targets = await this.targets.list(bucket);
      for (const r of config.rules) {
        if (!targets.some((t) => t.arn === r.arn)) {
          throw new S3Error(
            'XMinioAdminRemoteArnInvalid',
            `No remote target of the bucket has the ARN ${r.arn}`,
            {},
            400,
          );
        }
      }
    }
    await this.#opts.layer.putBucketConfig(
      bucket,
      'replication',
      config ? Buffer.from(replicationConfigXml(config)) : null,
    );
    this.#configs.set(bucket, config);
  }

  /** Is a target ARN used by the bucket's rules (removal is refused then)? */
  async inUse(bucket: string, arn: string): Promise<boolean> {
    return ((await this.config(bucket))?.rules ?? []).some((r) => r.arn === arn);
  }

  /** The status a new version gets: PENDING when a rule replicates it, undefined when none does. */
  async statusForNew(
    bucket: string,
    key: string,
    tags: Record<string, string>,
  ): Promise<'PENDING' | undefined> {
    const config = await this.config(bucket);
    return config && matchRule(config, key, tags, 'object') ? 'PENDING' : undefined;
  }

  /**
   * Queues a committed change for its rule's target (durably: resolves after the record is on disk);
   * in sync mode waits for the first delivery attempt too. No rule: nothing happens.
   */
  async changed(change: Change): Promise<void> {
    const config = await this.config(change.bucket);
    if (!config) return;
    const rules = matchRules(config, change.key, change.tags ?? {}, change.kind);
    await Promise.all(rules.map((rule) => this.#queue(change, rule)));
  }

  async #queue(change: Change, rule: ReplicationRule): Promise<void> {
    const open = await this.#target(change.bucket, rule.arn);
    if (!open) return;
    const op =
      change.kind === 'delete-marker'
        ? 'delete-marker'
        : change.kind === 'version-delete'
          ? 'version-delete'
          : 'object';
    const record: ReplicationRecord = {
      id: randomUUID(),
      op,
      bucket: change.bucket,
      key: change.key,
      versionId: change.versionId,
      size: change.size ?? 0,
      arn: rule.arn,
      storageClass: rule.storageClass,
      at: Date.now(),
    };
    const attempted = open.target.replicationSync
      ? new Promise<void>((resolve) => this.#waiters.set(record.id, resolve))
      : undefined;
    try {
      await open.queue.append(Buffer.from(JSON.stringify(record)));
    } catch (err) {
      this.#waiters.delete(record.id);
      if (err instanceof QueueFullError) {
        this.#opts.log.error(`Replication to ${rule.arn} is refusing records: ${err.message}`);
        this.stats.failed(record.bucket, record.arn, record.id, record.size);
        return;
      }
      throw err;
    }
    this.stats.queued(record.bucket, record.arn, record.size);
    await attempted;
  }

  /**
   * Queues every version of the bucket for the target (resync of existing objects); returns how
   * many were queued.
   */
  async resync(bucket: string, arn: string, resetId: string, olderThan?: Date): Promise<number> {
    const open = await this.#target(bucket, arn);
    if (!open) throw new S3Error('XMinioAdminRemoteTargetNotFoundError');
    const config = await this.config(bucket);
    if (!config)
      throw new S3Error('ReplicationConfigurationNotFoundError', undefined, { BucketName: bucket });
    this.resyncs.begin(bucket, arn, resetId);
    let count = 0;
    let keyMarker: string | undefined;
    let versionIdMarker: string | undefined;
    for (;;) {
      const page = await this.#opts.layer.listObjectVersions(bucket, {
        maxKeys: 1000,
        ...(keyMarker !== undefined ? { keyMarker } : {}),
        ...(versionIdMarker !== undefined ? { versionIdMarker } : {}),
      });
      // Oldest first, so the target's versions are committed in their order.
      for (const v of [...page.versions].reverse()) {
        if (olderThan && v.lastModified > olderThan) continue;
        const rule = matchRules(
          config,
          v.key,
          v.tags ?? {},
          v.isDeleteMarker ? 'delete-marker' : 'object',
        ).find((r) => r.arn === arn);
        if (!rule) continue;
        const record: ReplicationRecord = {
          id: randomUUID(),
          op: v.isDeleteMarker ? 'delete-marker' : 'object',
          bucket,
          key: v.key,
          versionId: v.versionId,
          size: v.size,
          arn,
          storageClass: rule.storageClass,
          at: Date.now(),
          resetId,
        };
        await open.queue.append(Buffer.from(JSON.stringify(record)));
        this.stats.queued(bucket, arn, v.size);
        count++;
      }
      if (!page.isTruncated) break;
      keyMarker = page.nextKeyMarker ?? undefined;
      versionIdMarker = page.nextVersionIdMarker ?? undefined;
    }
    await this.resyncs.queued(bucket, arn, count);
    return count;
  }

  /** Statistics of the bucket's targets, by ARN. */
  bucketStats(bucket: string): Map<string, TargetStats> {
    return this.stats.bucket(bucket);
  }

  /** Online state and queue length of one target's queue (undefined when not open). */
  async queueState(
    bucket: string,
    arn: string,
  ): Promise<{ online: boolean | undefined; pending: number } | undefined> {
    const open = await this.#open.get(`${bucket}\0${arn}`)?.catch(() => undefined);
    return open ? { online: open.queue.online, pending: open.queue.pending } : undefined;
  }

  /** Forgets a target (after it was removed): its queue closes; its folder stays for a re-add. */
  async closeTarget(bucket: string, arn: string): Promise<void> {
    const k = `${bucket}\0${arn}`;
    const open = await this.#open.get(k)?.catch(() => undefined);
    this.#open.delete(k);
    await open?.queue.close();
  }

  /** Drops what is cached of a bucket (its target list or configuration changed). */
  invalidate(bucket: string): void {
    this.#configs.delete(bucket);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const all = await Promise.all([...this.#open.values()].map((p) => p.catch(() => undefined)));
    this.#open.clear();
    await Promise.all(all.map((o) => o?.queue.close()));
    await this.resyncs.save().catch(() => undefined);
    for (const w of this.#waiters.values()) w();
    this.#waiters.clear();
  }

  async #target(bucket: string, arn: string): Promise<OpenTarget | undefined> {
    if (this.#closed) return undefined;
    const k = `${bucket}\0${arn}`;
    let p = this.#open.get(k);
    if (!p) {
      p = this.#openTarget(bucket, arn);
      this.#open.set(k, p);
      p.catch(() => this.#open.delete(k));
    }
    const open = await p;
    // Pick up edits (credentials, sync mode, bandwidth) made since the queue opened.
    const current = await this.targets.get(bucket, arn);
    if (!current) return undefined;
    open.target = current;
    return open;
  }

  async #openTarget(bucket: string, arn: string): Promise<OpenTarget> {
    const target = await this.targets.get(bucket, arn);
    if (!target) throw new S3Error('XMinioAdminRemoteTargetNotFoundError');
    const name = createHash('sha256').update(`${bucket}\0${arn}`).digest('hex').slice(0, 24);
    const open: OpenTarget = { target, queue: undefined as unknown as DurableQueue };
    open.queue = await DurableQueue.open({
      dir: path.join(this.#opts.dataDir, '.queues', `replication-${name}`),
      limit: this.#opts.queueLimit ?? 1_000_000,
      batchSize: 16,
      retryMinMs: this.#opts.retryMinMs ?? 250,
      retryMaxMs: this.#opts.retryMaxMs ?? 30_000,
      send: (records) => this.#send(open, records),
    });
    for (let i = 0; i < open.queue.pending; i++) this.stats.resumed(bucket, arn, 0);
    return open;
  }

  /** Records of the batch being retried that were already delivered (not sent twice). */
  readonly #done = new Set<string>();

  async #send(open: OpenTarget, raw: Buffer[]): Promise<void> {
    const records = raw.map((b) => JSON.parse(b.toString('utf8')) as ReplicationRecord);
    for (const r of records) {
      if (this.#done.has(r.id)) continue;
      try {
        const sent = await this.#replicate(open.target, r);
        if (sent) this.stats.replicated(r.bucket, r.arn, r.id, r.size, r.at ? Date.now() - r.at : undefined);
        else this.stats.dropped(r.bucket, r.arn, r.id, r.size);
        this.resyncs.finished(r, sent);
        this.#done.add(r.id);
        this.#wake(r.id);
      } catch (err) {
        if (this.stats.failed(r.bucket, r.arn, r.id, r.size)) {
          this.resyncs.failed(r);
          if (r.op === 'object') await this.#setStatus(r, 'FAILED');
        }
        this.#wake(r.id);
        throw err;
      }
    }
    for (const r of records) this.#done.delete(r.id);
  }

  #wake(id: string): void {
    const w = this.#waiters.get(id);
    if (!w) return;
    this.#waiters.delete(id);
    w();
  }

  async #setStatus(r: ReplicationRecord, status: string): Promise<void> {
    try {
      await this.#opts.layer.updateObjectMetadata(r.bucket, r.key, r.versionId, {
        replicationStatus: status,
      });
    } catch {
      // The version is gone (deleted meanwhile): nothing to mark.
    }
  }

  /** When a version (a delete marker too) was made; undefined when it is gone. */
  async #versionTime(bucket: string, key: string, versionId: string): Promise<Date | undefined> {
    let keyMarker: string | undefined;
    let versionIdMarker: string | undefined;
    for (;;) {
      const page = await this.#opts.layer.listObjectVersions(bucket, {
        prefix: key,
        maxKeys: 1000,
        ...(keyMarker !== undefined ? { keyMarker } : {}),
        ...(versionIdMarker !== undefined ? { versionIdMarker } : {}),
      });
      const v = page.versions.find((x) => x.key === key && x.versionId === versionId);
      if (v) return v.lastModified;
      if (!page.isTruncated || page.versions.every((x) => x.key !== key)) return undefined;
      keyMarker = page.nextKeyMarker ?? undefined;
      versionIdMarker = page.nextVersionIdMarker ?? undefined;
    }
  }

  /** Sends one record; false when there was nothing left to send (the version was deleted). */
  async #replicate(target: BucketTarget, r: ReplicationRecord): Promise<boolean> {
    const client = clientOf(target);
    if (r.op === 'version-delete') {
      await sendDelete(client, target, r.key, r.versionId);
      return true;
    }
    if (r.op === 'delete-marker') {
      const mtime = await this.#versionTime(r.bucket, r.key, r.versionId);
      if (!mtime) return false;
      await sendDelete(client, target, r.key, r.versionId, mtime);
      await this.#setStatus(r, 'COMPLETED');
      return true;
    }
    let got: Awaited<ReturnType<ObjectLayer['getObject']>>;
    try {
      const unseal = this.#opts.unseal?.(r.bucket, r.key);
      got = await this.#opts.layer.getObject(r.bucket, r.key, {
        versionId: r.versionId,
        ...(unseal ? { unseal } : {}),
      });
    } catch (err) {
      if (
        isS3Error(err, 'NoSuchKey') ||
        isS3Error(err, 'NoSuchVersion') ||
        isS3Error(err, 'MethodNotAllowed')
      ) {
        return false;
      }
      throw err;
    }
    const info: ObjectInfo = got.info;
    const parts = partLayout(info);
    try {
      if (parts) {
        got.stream.destroy();
        const unseal = this.#opts.unseal?.(r.bucket, r.key);
        const readRange = async (start: number, end: number) =>
          (
            await this.#opts.layer.getObject(r.bucket, r.key, {
              versionId: r.versionId,
              range: { start, end },
              ...(unseal ? { unseal } : {}),
            })
          ).stream;
        await sendMultipartVersion(client, target, info, parts, readRange, r.storageClass);
      } else {
        await sendVersion(client, target, info, got.stream, r.storageClass);
      }
    } catch (err) {
      got.stream.destroy();
      throw err;
    }
    await this.#setStatus(r, 'COMPLETED');
    return true;
  }
}
