// SPDX-License-Identifier: Apache-2.0
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AuditEntryFields } from '@stowage/madmin';
import { Agent, type Dispatcher, fetch, ProxyAgent } from 'undici';
import { isOn, type ResolvedSet } from '../config/registry.js';
import { parseDurationMs } from '../config/sets/webhook-keys.js';
import type { StoreLog } from '../log/store-log.js';
import { DurableQueue, QueueFullError } from '../queue/durable-queue.js';
import { DirectDelivery } from './direct-delivery.js';
import type { LocalReceivers, LocalRecord } from './local-receivers.js';

/** How long a target with batch_size > 1 waits for a fuller batch before it sends (see DurableQueue). */
const BATCH_LINGER_MS = 200;
/** How long a record waits for others before their group is written to the queue and synced. */
const APPEND_LINGER_MS = 10;
/** Most records one batch to a durable receiver in this process takes (./direct-delivery.ts). */
const DIRECT_MAX_GROUP = 500;

/** The two webhook kinds, by config set. */
export type WebhookSubSys = 'logger_webhook' | 'audit_webhook';

/** One target's settings, read from its resolved config set. */
export interface WebhookTargetConfig {
  subSys: WebhookSubSys;
  /** '' for the default target. */
  target: string;
  endpoint: string;
  authToken: string;
  clientCert: string;
  clientKey: string;
  proxy: string;
  batchSize: number;
  queueSize: number;
  queueDir: string;
  retryIntervalMs: number;
  httpTimeoutMs: number;
}

/** What the admin side (server info) and the console read about one target. */
export interface TargetStatus {
  subSys: WebhookSubSys;
  /** '' for the default target. */
  target: string;
  /** MinIO's name of the target in `services.logger` / `services.audit`: `logger-<target>`, `audit-<target>`. */
  name: string;
  endpoint: string;
  /** True once a delivery or reachability check succeeded; false while the endpoint cannot be reached. */
  online: boolean;
  /** Records waiting in the queue (or gathered for a receiver in this process). */
  queued: number;
  /** The last delivery failure while offline. */
  lastError?: string;
}

/** The settings of an enabled target, or undefined when the target is disabled. */
export function targetConfig(subSys: WebhookSubSys, set: ResolvedSet): WebhookTargetConfig | undefined {
  const v = set.values;
  if (!isOn(v.enable) || !v.endpoint) return undefined;
  return {
    subSys,
    target: set.target,
    endpoint: v.endpoint,
    authToken: v.auth_token ?? '',
    clientCert: v.client_cert ?? '',
    clientKey: v.client_key ?? '',
    proxy: v.proxy ?? '',
    batchSize: Math.max(1, Number(v.batch_size) || 1),
    queueSize: Math.max(1, Number(v.queue_size) || 100_000),
    queueDir: v.queue_dir ?? '',
    retryIntervalMs: parseDurationMs(v.retry_interval ?? '') || 3000,
    httpTimeoutMs: parseDurationMs(v.http_timeout ?? '') || 5000,
  };
}

/** MinIO's name of a target (`logger-name1`, `audit-_` for the default target). */
export function targetName(subSys: WebhookSubSys, target: string): string {
  return `${subSys === 'logger_webhook' ? 'logger' : 'audit'}-${target || '_'}`;
}

function dispatcherFor(cfg: WebhookTargetConfig): Dispatcher {
  const tls =
    cfg.clientCert && cfg.clientKey
      ? { cert: readFileSync(cfg.clientCert), key: readFileSync(cfg.clientKey) }
      : undefined;
  if (cfg.proxy) return new ProxyAgent({ uri: cfg.proxy, ...(tls ? { requestTls: tls } : {}) });
  return new Agent(tls ? { connect: tls } : {});
}

/** Records as a receiver in this process takes them: each audit record with its fields, when known. */
function localRecords(records: Buffer[], fields: WeakMap<Buffer, AuditEntryFields>): LocalRecord[] {
  return records.map((json) => {
    const audit = fields.get(json);
    return audit ? { json, audit } : { json };
  });
}

/**
 * One logger or audit webhook: records are JSON-encoded into its durable queue and POSTed to the
 * endpoint in order — one JSON document per request (`Content-Type: application/json`) with
 * `batch_size=1`, newline-separated documents otherwise — with MinIO's headers (`Authorization` = the
 * auth token as given, `x-minio-deployment-id`, `x-minio-webhook-payload-count`).
 */
export class WebhookTarget {
  readonly config: WebhookTargetConfig;
  readonly #queue: DurableQueue;
  readonly #dispatcher: Dispatcher;
  readonly #log: StoreLog;
  /** The searchable fields of audit records this process queued, for a receiver in this process. */
  readonly #fields: WeakMap<Buffer, AuditEntryFields>;
  /** The durable receiver in this process serving the endpoint, if any (looked up per record). */
  readonly #durableLocal: () => ((records: LocalRecord[]) => Promise<void>) | undefined;
  readonly #direct: DirectDelivery;
  /** Set while appends are refused (queue full, disk failure): reported once per episode. */
  #refused: { reason: string; count: number } | undefined;

  private constructor(
    config: WebhookTargetConfig,
    queue: DurableQueue,
    dispatcher: Dispatcher,
    log: StoreLog,
    fields: WeakMap<Buffer, AuditEntryFields>,
    local: LocalReceivers | undefined,
  ) {
    this.config = config;
    this.#queue = queue;
    this.#dispatcher = dispatcher;
    this.#log = log;
    this.#fields = fields;
    this.#durableLocal = () => local?.findDurable(config.endpoint, config.authToken);
    this.#direct = new DirectDelivery({
      lingerMs: APPEND_LINGER_MS,
      maxGroup: DIRECT_MAX_GROUP,
      deliver: async (records) => {
        const receiver = this.#durableLocal();
        if (!receiver) throw new Error(`${config.endpoint} is no longer served in this process`);
        await receiver(localRecords(records, fields));
      },
      spill: (records) => {
        for (const r of records) this.#append(r);
      },
      queued: () => this.#queue.pending,
      onRefused: (err) =>
        this.#log.error(
          `${this.label}: a batch was refused in this process (${err instanceof Error ? err.message : String(err)}); it is kept in the queue`,
        ),
    });
  }

  /** `logger_webhook:name` / `audit_webhook` — how people see the target in messages. */
  get label(): string {
    return this.config.target ? `${this.config.subSys}:${this.config.target}` : this.config.subSys;
  }

  /**
   * Opens the target's queue — `<queue_dir>/<name>` when `queue_dir` is set, else
   * `<dataDir>/.queues/<name>` — and starts delivering what an earlier run left in it. Batches go to the
   * receiver `local` has for the endpoint when there is one (looked up per batch), else over HTTP.
   */
  static async open(
    config: WebhookTargetConfig,
    deps: { dataDir: string; deploymentId: string; log: StoreLog; local?: LocalReceivers },
  ): Promise<WebhookTarget> {
    const name = targetName(config.subSys, config.target);
    const dir = config.queueDir ? path.join(config.queueDir, name) : path.join(deps.dataDir, '.queues', name);
    const dispatcher = dispatcherFor(config);
    const headers: Record<string, string> = {
      'user-agent': 'Stowage',
      'x-minio-deployment-id': deps.deploymentId,
      ...(config.authToken ? { authorization: config.authToken } : {}),
    };
    // Records delivered from memory are the very Buffers queued, so their fields are found by identity.
    const fields = new WeakMap<Buffer, AuditEntryFields>();
    const post = async (records: Buffer[]): Promise<void> => {
      const local = deps.local?.find(config.endpoint, config.authToken);
      if (local) {
        await local(localRecords(records, fields));
        return;
      }
      const res = await fetch(config.endpoint, {
        method: 'POST',
        body: `${records.join('\n')}\n`,
        headers: {
          ...headers,
          ...(config.batchSize === 1 ? { 'content-type': 'application/json' } : {}),
          'x-minio-webhook-payload-count': String(records.length),
        },
        dispatcher,
        signal: AbortSignal.timeout(config.httpTimeoutMs),
      });
      await res.body?.cancel();
      if (res.status >= 200 && res.status <= 299) return;
      throw new Error(
        res.status === 403
          ? `${config.endpoint} returned '${res.status} ${res.statusText}', please check the auth token`
          : `${config.endpoint} returned '${res.status} ${res.statusText}', please check the endpoint`,
      );
    };
    const probe = async (): Promise<void> => {
      if (deps.local?.find(config.endpoint, config.authToken)) return;
      const res = await fetch(config.endpoint, {
        method: 'HEAD',
        headers,
        dispatcher,
        signal: AbortSignal.timeout(config.httpTimeoutMs),
      });
      await res.body?.cancel();
    };
    let target: WebhookTarget | undefined;
    const queue = await DurableQueue.open({
      dir,
      limit: config.queueSize,
      batchSize: config.batchSize,
      retryMaxMs: config.retryIntervalMs,
      retryMinMs: Math.min(250, config.retryIntervalMs),
      send: post,
      // With batch_size > 1, records gather for up to BATCH_LINGER_MS into fuller batches: one POST,
      // one acknowledgement and one receiver transaction per batch instead of per handful of records.
      ...(config.batchSize > 1 ? { lingerMs: BATCH_LINGER_MS } : {}),
      // Nothing waits on an append (enqueue below): records are written and synced in groups.
      appendLingerMs: APPEND_LINGER_MS,
      probe,
      onStatus: (online, err) => {
        if (target) target.#statusChanged(online, err);
      },
    });
    target = new WebhookTarget(config, queue, dispatcher, deps.log, fields, deps.local);
    return target;
  }

  #statusChanged(online: boolean, err: unknown): void {
    if (online) {
      this.#log.info(`${this.label} (${this.config.endpoint}) is online`);
    } else {
      const why =
        err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
      this.#log.error(
        `${this.label} (${this.config.endpoint}) is offline: ${why}; its records are kept in its queue (${this.#queue.pending} waiting)`,
      );
    }
  }

  /**
   * Queues one record (its JSON; an audit record with its fields): to a durable receiver in this process
   * directly while nothing waits in the queue (./direct-delivery.ts), else into the durable queue. A
   * refusal (queue full, disk failure) is reported in the store log.
   */
  enqueue(record: Buffer, audit?: AuditEntryFields): void {
    if (audit) this.#fields.set(record, audit);
    if (this.#queue.pending === 0 && this.#durableLocal()) this.#direct.add(record);
    else this.#append(record);
  }

  #append(record: Buffer): void {
    this.#queue.append(record).then(
      () => {
        const refused = this.#refused;
        if (!refused) return;
        this.#refused = undefined;
        this.#log.error(`${this.label}: ${refused.count} records were not queued (${refused.reason})`);
      },
      (err: unknown) => {
        if (this.#refused) {
          this.#refused.count++;
          return;
        }
        const reason =
          err instanceof QueueFullError
            ? `its queue is full: ${err.limit} records wait for ${this.config.endpoint} (queue_size)`
            : `its queue could not be written: ${err instanceof Error ? err.message : String(err)}`;
        this.#refused = { reason, count: 1 };
        this.#log.error(`${this.label}: records are being refused because ${reason}`);
      },
    );
  }

  status(): TargetStatus {
    const lastError = this.#queue.lastError;
    return {
      subSys: this.config.subSys,
      target: this.config.target,
      name: targetName(this.config.subSys, this.config.target),
      endpoint: this.config.endpoint,
      online: this.#queue.online === true,
      queued: this.#queue.pending + this.#direct.pending,
      ...(lastError ? { lastError } : {}),
    };
  }

  /** Stops delivery (a batch in flight finishes and is acknowledged); undelivered records stay queued. */
  async close(): Promise<void> {
    await this.#direct.close();
    await this.#queue.close();
    await this.#dispatcher.close();
  }
}
