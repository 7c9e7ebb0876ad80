// SPDX-License-Identifier: Apache-2.0
import path from 'node:path';
import { type ConfigService, isOn, type ResolvedSet } from '../config/registry.js';
import { notificationRecord, type ObjectEvent } from '../events/object-events.js';
import type { StoreLog } from '../log/store-log.js';
import type { ObjectLayer } from '../object-layer/types.js';
import { DurableQueue, QueueFullError } from '../queue/durable-queue.js';
import { type NotificationRule, ruleMatches } from './bucket-rules.js';
import type { NotifyTarget, QueuedEvent } from './target.js';
import { TARGET_TYPES, type TargetType, targetArn, targetId } from './target-types.js';

/** One notification target as the admin API and the console list it. */
export interface NotificationTargetStatus {
  /** MinIO's type name: `webhook`, `postgresql`, … */
  service: string;
  /** The target's id (`_` for a set's default target). */
  accountId: string;
  arn: string;
  status: 'online' | 'offline';
  /** Events waiting in the target's queue. */
  queued: number;
  lastError?: string;
}

export interface NotificationDeps {
  config: ConfigService;
  log: StoreLog;
  layer: Pick<ObjectLayer, 'getBucketConfig'>;
  /** The store's data folder: queues live in `<dataDir>/.queues/` unless a target sets `queue_dir`. */
  dataDir: string;
  /** The region in ARNs (the one the store reports). */
  region: () => string;
}

interface ActiveTarget {
  type: TargetType;
  id: string;
  /** The values it was opened with (a change of them reopens it). */
  values: string;
  /** `queue_dir` set: an event is on disk before the request that caused it is answered. */
  persistFirst: boolean;
  queue: DurableQueue;
  target: NotifyTarget;
  /** Set while appends are refused (queue full, disk failure): reported once per episode. */
  refused?: { reason: string; count: number };
}

/** Events per delivery batch (one queue acknowledgement — two fsyncs — per batch). */
const BATCH_SIZE = 64;

function parseQueued(record: Buffer): QueuedEvent {
  return JSON.parse(record.toString('utf8')) as QueuedEvent;
}

/**
 * Delivery for targets that take one event at a time: a batch is sent event by event, and when it fails
 * part-way the events already delivered are remembered, so the queue's retry of the same batch resumes
 * after them instead of sending them twice.
 */
function oneByOne(target: NotifyTarget): (records: Buffer[]) => Promise<void> {
  let progress: { first: Buffer; delivered: number } | undefined;
  return async (records) => {
    const first = records[0];
    if (!first) return;
    let i = progress?.first.equals(first) ? progress.delivered : 0;
    progress = undefined;
    try {
      for (; i < records.length; i++) await target.send([parseQueued(records[i]!)]);
    } catch (err) {
      progress = { first, delivered: i };
      throw err;
    }
  };
}

/**
 * Bucket event notifications: targets follow the ten `notify_*` config sets (opened at start and on
 * each admin service restart — the sets apply at restart, as in MinIO), each with its own durable queue
 * (`queue/`) delivering in order with retries; committed object changes are matched against the
 * bucket's rules and queued for the targets they name.
 */
export class NotificationSystem {
  readonly #deps: NotificationDeps;
  /** By `<type>:<id>`. */
  #targets = new Map<string, ActiveTarget>();
  #unsubscribe: Array<() => void> = [];
  #applying: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(deps: NotificationDeps) {
    this.#deps = deps;
  }

  start(): void {
    for (const type of TARGET_TYPES) {
      this.#unsubscribe.push(this.#deps.config.subscribe(type.subSys, (sets) => this.#apply(type, sets)));
    }
  }

  /** Resolves once every configuration change so far has taken effect. */
  settled(): Promise<void> {
    return this.#applying;
  }

  /** True when some target is open (events are worth building). */
  get active(): boolean {
    return this.#targets.size > 0;
  }

  /** ARNs of the open targets: what bucket rules may name. */
  arns(): Set<string> {
    const region = this.#deps.region();
    return new Set([...this.#targets.values()].map((t) => targetArn(region, t.id, t.type.name)));
  }

  statuses(): NotificationTargetStatus[] {
    const region = this.#deps.region();
    return [...this.#targets.values()].map((t) => {
      const lastError = t.queue.lastError;
      return {
        service: t.type.name,
        accountId: t.id,
        arn: targetArn(region, t.id, t.type.name),
        status: t.queue.online === true ? 'online' : 'offline',
        queued: t.queue.pending,
        ...(lastError ? { lastError } : {}),
      };
    });
  }

  /**
   * Queues the event for every target a rule of its bucket sends it to (once per target). Resolves
   * when targets with a `queue_dir` have it on disk; other targets' appends are not waited for.
   */
  async publish(e: ObjectEvent, host: string): Promise<void> {
    if (this.#targets.size === 0) return;
    const raw = await this.#deps.layer.getBucketConfig(e.bucket, 'notification').catch(() => null);
    if (!raw) return;
    const rules = JSON.parse(raw.toString('utf8')) as NotificationRule[];
    const chosen = new Map<ActiveTarget, NotificationRule>();
    for (const rule of rules) {
      if (!ruleMatches(rule, e.name, e.key)) continue;
      const t = this.#byArn(rule.arn);
      if (t && !chosen.has(t)) chosen.set(t, rule);
    }
    if (chosen.size === 0) return;
    const base = notificationRecord(e, this.#deps.region(), host);
    const waits: Promise<void>[] = [];
    for (const [t, rule] of chosen) {
      const record = { ...base, s3: { ...(base.s3 as object), configurationId: rule.id } };
      const queued: QueuedEvent = { eventName: e.name, key: `${e.bucket}/${e.key}`, record };
      const appended = this.#append(t, Buffer.from(JSON.stringify(queued)));
      if (t.persistFirst) waits.push(appended);
    }
    await Promise.all(waits);
  }

  /** The target an ARN names: its id and type must match; the region part is not compared. */
  #byArn(arn: string): ActiveTarget | undefined {
    const parts = arn.split(':');
    if (parts.length !== 6 || parts[0] !== 'arn' || parts[1] !== 'minio' || parts[2] !== 'sqs')
      return undefined;
    return this.#targets.get(`${parts[5]}:${parts[4]}`);
  }

  /** Appends; a refusal (queue full, disk failure) goes to the store's error log, never silently. */
  #append(t: ActiveTarget, record: Buffer): Promise<void> {
    const label = `${t.type.subSys}${t.id === '_' ? '' : `:${t.id}`}`;
    return t.queue.append(record).then(
      () => {
        const refused = t.refused;
        if (!refused) return;
        t.refused = undefined;
        this.#deps.log.error(`${label}: ${refused.count} events were not queued (${refused.reason})`);
      },
      (err: unknown) => {
        if (t.refused) {
          t.refused.count++;
          return;
        }
        const reason =
          err instanceof QueueFullError
            ? `its queue is full: ${err.limit} events wait for delivery (queue_limit)`
            : `its queue could not be written: ${err instanceof Error ? err.message : String(err)}`;
        t.refused = { reason, count: 1 };
        this.#deps.log.error(`${label}: events are being refused because ${reason}`);
      },
    );
  }

  #apply(type: TargetType, sets: ResolvedSet[]): Promise<void> {
    const run = async (): Promise<void> => {
      if (!this.#closed) await this.#reconcile(type, sets);
    };
    this.#applying = this.#applying.then(run, run);
    return this.#applying;
  }

  async #reconcile(type: TargetType, sets: ResolvedSet[]): Promise<void> {
    const wanted = new Map(
      sets.filter((s) => isOn(s.values.enable)).map((s) => [targetId(s.target), s] as const),
    );
    for (const [key, t] of this.#targets) {
      if (t.type !== type) continue;
      const w = wanted.get(t.id);
      if (w && JSON.stringify(w.values) === t.values) {
        wanted.delete(t.id);
        continue;
      }
      this.#targets.delete(key);
      await this.#stop(t);
    }
    if (wanted.size === 0) return;
    const module = await type.load();
    const failures: string[] = [];
    for (const [id, set] of wanted) {
      const v = set.values;
      const problem = module.validate?.(v);
      if (problem) {
        failures.push(`${type.subSys}:${id}: ${problem}`);
        continue;
      }
      const target = module.open(v);
      const dir = v.queue_dir
        ? path.join(v.queue_dir, `${type.name}-${id}`)
        : path.join(this.#deps.dataDir, '.queues', `notify-${type.name}-${id}`);
      const label = `${type.subSys}:${id}`;
      try {
        const queue = await DurableQueue.open({
          dir,
          limit: Math.max(1, Number(v.queue_limit) || 10_000),
          batchSize: BATCH_SIZE,
          send: module.atomicBatch ? (records) => target.send(records.map(parseQueued)) : oneByOne(target),
          probe: () => target.probe(),
          onStatus: (online, err) => {
            if (online) this.#deps.log.info(`Notification target ${label} is online`);
            else
              this.#deps.log.error(
                `Notification target ${label} is offline: ${err instanceof Error ? err.message : String(err)}; its events are kept in its queue`,
              );
          },
        });
        this.#targets.set(`${type.name}:${id}`, {
          type,
          id,
          values: JSON.stringify(v),
          persistFirst: Boolean(v.queue_dir),
          queue,
          target,
        });
      } catch (err) {
        await target.close().catch(() => undefined);
        failures.push(`${label}: ${(err as Error).message}`);
      }
    }
    if (failures.length > 0)
      throw new Error(`Notification targets could not be started: ${failures.join('; ')}`);
  }

  async #stop(t: ActiveTarget): Promise<void> {
    await t.queue.close();
    await t.target.close().catch(() => undefined);
  }

  /** Stops every target: a batch in flight finishes; undelivered events stay queued for next time. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const u of this.#unsubscribe.splice(0)) u();
    await this.#applying.catch(() => undefined);
    const all = [...this.#targets.values()];
    this.#targets.clear();
    await Promise.all(all.map((t) => this.#stop(t)));
  }
}
