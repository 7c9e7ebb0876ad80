// SPDX-License-Identifier: Apache-2.0

import type { AuditEntryFields } from '@stowage/madmin';
import type { ConfigService, ResolvedSet } from '../config/registry.js';
import type { TraceBus, TraceEvent } from '../events/trace-events.js';
import type { LogEntry, StoreLog } from '../log/store-log.js';
import { type LocalReceiver, type LocalReceiverOptions, LocalReceivers } from './local-receivers.js';
import { auditEntry, logRecord } from './records.js';
import {
  type TargetStatus,
  targetConfig,
  type WebhookSubSys,
  WebhookTarget,
  type WebhookTargetConfig,
} from './webhook-target.js';

/** What the admin side and the console read: every configured webhook target with its state. */
export interface WebhookStatusSource {
  /** Enabled logger and audit webhook targets, logger targets first, each set in config order. */
  statuses(): TargetStatus[];
}

export interface LogWebhooksDeps {
  config: ConfigService;
  log: StoreLog;
  trace: TraceBus;
  deploymentId: string;
  /** The store's data folder: queues live in `<dataDir>/.queues/` unless a target sets `queue_dir`. */
  dataDir: string;
}

const SUBSYSTEMS: readonly WebhookSubSys[] = ['logger_webhook', 'audit_webhook'];

/** A record as queued: its JSON, and an audit record's searchable fields. */
interface Queued {
  json: Buffer;
  audit?: AuditEntryFields;
}

/**
 * The logger and audit webhooks: targets follow the `logger_webhook` and `audit_webhook` config sets
 * (added, changed and removed at runtime — both sets are dynamic); the server log's errors and warnings
 * go to every logger target, one audit record per finished S3, admin and STS request to every audit
 * target. Records produced while targets are being reconfigured wait in memory and are queued once the
 * new targets are open, so a change of settings loses none.
 */
export class LogWebhooks implements WebhookStatusSource {
  readonly #deps: LogWebhooksDeps;
  readonly #targets = new Map<WebhookSubSys, WebhookTarget[]>(SUBSYSTEMS.map((s) => [s, []]));
  /** Records that arrived while a set was being applied, per set. */
  readonly #held = new Map<WebhookSubSys, Queued[]>();
  readonly #local = new LocalReceivers();
  #applying: Promise<void> = Promise.resolve();
  #unsubscribe: Array<() => void> = [];
  #unfollowLog: (() => void) | undefined;
  #closed = false;
  #traceOn = false;
  readonly #onRequest = (e: TraceEvent): void => {
    this.#deliver('audit_webhook', () => {
      const entry = auditEntry(e, this.#deps.deploymentId);
      return { json: Buffer.from(entry.json), audit: entry.fields };
    });
  };
  readonly #onLog = (e: LogEntry): void => {
    if (e.level === 'INFO') return;
    this.#deliver('logger_webhook', () => ({ json: Buffer.from(JSON.stringify(logRecord(e))) }));
  };

  constructor(deps: LogWebhooksDeps) {
    this.#deps = deps;
  }

  /** Subscribes to both config sets (the config service applies them now and on every change). */
  start(): void {
    for (const subSys of SUBSYSTEMS) {
      this.#unsubscribe.push(this.#deps.config.subscribe(subSys, (targets) => this.#apply(subSys, targets)));
    }
  }

  statuses(): TargetStatus[] {
    return SUBSYSTEMS.flatMap((s) => this.#targets.get(s)!.map((t) => t.status()));
  }

  /**
   * Serves a webhook endpoint in this process: targets with this endpoint and auth token hand their
   * batches to `receiver` (see LocalReceivers; a durable one takes records without the queue first).
   * Returns how to stop.
   */
  receiveLocally(
    endpoint: string,
    authToken: string,
    receiver: LocalReceiver,
    opts?: LocalReceiverOptions,
  ): () => void {
    return this.#local.register(endpoint, authToken, receiver, opts);
  }

  /** Resolves once every change applied so far has taken effect (targets opened or closed). */
  settled(): Promise<void> {
    return this.#applying;
  }

  #deliver(subSys: WebhookSubSys, build: () => Queued): void {
    const held = this.#held.get(subSys);
    const targets = this.#targets.get(subSys)!;
    if (!held && targets.length === 0) return;
    const record = build();
    if (held) held.push(record);
    else for (const t of targets) t.enqueue(record.json, record.audit);
  }

  /** Applies one set's targets; changes are applied one after another. */
  #apply(subSys: WebhookSubSys, sets: ResolvedSet[]): Promise<void> {
    const wanted: WebhookTargetConfig[] = [];
    for (const set of sets) {
      const cfg = targetConfig(subSys, set);
      if (cfg) wanted.push(cfg);
    }
    const run = async (): Promise<void> => {
      if (this.#closed) return;
      this.#held.set(subSys, this.#held.get(subSys) ?? []);
      this.#listen();
      try {
        await this.#reconcile(subSys, wanted);
      } finally {
        const held = this.#held.get(subSys) ?? [];
        this.#held.delete(subSys);
        for (const record of held) {
          for (const t of this.#targets.get(subSys)!) t.enqueue(record.json, record.audit);
        }
        this.#listen();
      }
    };
    this.#applying = this.#applying.then(run, run);
    return this.#applying;
  }

  async #reconcile(subSys: WebhookSubSys, wanted: WebhookTargetConfig[]): Promise<void> {
    const current = this.#targets.get(subSys)!;
    const same = (a: WebhookTargetConfig, b: WebhookTargetConfig) => JSON.stringify(a) === JSON.stringify(b);
    const next: WebhookTarget[] = [];
    const failures: string[] = [];
    for (const t of current) {
      if (!wanted.some((w) => same(w, t.config))) await t.close();
    }
    for (const cfg of wanted) {
      const kept = current.find((t) => same(t.config, cfg));
      if (kept) {
        next.push(kept);
        continue;
      }
      try {
        next.push(
          await WebhookTarget.open(cfg, {
            dataDir: this.#deps.dataDir,
            deploymentId: this.#deps.deploymentId,
            log: this.#deps.log,
            local: this.#local,
          }),
        );
      } catch (err) {
        failures.push(`${subSys}${cfg.target ? `:${cfg.target}` : ''}: ${(err as Error).message}`);
      }
    }
    this.#targets.set(subSys, next);
    if (failures.length > 0) throw new Error(`Webhook targets could not be started: ${failures.join('; ')}`);
  }

  /** Follows the log and the trace bus only while some target (or a pending change) needs them. */
  #listen(): void {
    const wantLog = this.#targets.get('logger_webhook')!.length > 0 || this.#held.has('logger_webhook');
    const wantTrace = this.#targets.get('audit_webhook')!.length > 0 || this.#held.has('audit_webhook');
    if (wantLog && !this.#unfollowLog) this.#unfollowLog = this.#deps.log.follow(this.#onLog);
    if (!wantLog && this.#unfollowLog) {
      this.#unfollowLog();
      this.#unfollowLog = undefined;
    }
    if (wantTrace && !this.#traceOn) {
      this.#deps.trace.on('request', this.#onRequest);
      this.#traceOn = true;
    }
    if (!wantTrace && this.#traceOn) {
      this.#deps.trace.off('request', this.#onRequest);
      this.#traceOn = false;
    }
  }

  /** Stops every target: batches in flight finish; undelivered records stay in the queues for next time. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const u of this.#unsubscribe.splice(0)) u();
    await this.#applying.catch(() => undefined);
    this.#unfollowLog?.();
    this.#unfollowLog = undefined;
    if (this.#traceOn) this.#deps.trace.off('request', this.#onRequest);
    this.#traceOn = false;
    for (const subSys of SUBSYSTEMS) {
      const targets = this.#targets.get(subSys)!;
      this.#targets.set(subSys, []);
      for (const t of targets) await t.close();
    }
  }
}
