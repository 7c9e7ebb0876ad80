// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import { type CreateJobSpec, JOB_MAX_FAILURES_KEPT, type Job, type JobAction } from '@stowage/contracts';
import { createS3Client } from '../clients/store-clients.js';
import type { StoreEndpoint } from '../clients/store-endpoint.js';
import { apiErrors } from '../errors/api-http-error.js';
import { openSession, type SessionPayload, sealSession } from '../session/session-cookie.js';
import { runDelete } from './delete-runner.js';
import { JobInterrupted, type JobRun } from './job-control.js';
import type { JobJournal } from './job-journal.js';
import { type JobRecord, jobTitle, publicJob } from './job-record.js';
import { runTransfer } from './transfer-runner.js';

/** Credentials closer than this to their expiry are not used: the job pauses and waits for a resume. */
const EXPIRY_MARGIN_MS = 30_000;
/** The journal is written at most this often per job while it runs (and at every change of state). */
const FLUSH_MS = 250;
/** Finished jobs kept (newest first); older ones leave the journal. */
const KEEP_FINISHED = 200;

export interface JobServiceOptions {
  journal: JobJournal;
  endpoint: StoreEndpoint;
  sessionKey: Buffer;
  /** Keys a copy or move job handles at once (default 16). */
  concurrency?: number;
  /** Multipart copy threshold (default S3's 5 GiB CopyObject limit); tests lower it. */
  multipartThreshold?: number;
}

type StopReason = 'pause' | 'cancel' | 'shutdown' | 'expired';

interface Active {
  stop: StopReason | null;
  done: Promise<void>;
}

function expiredReason(): string {
  return 'The session that started this job has expired. Sign in again and resume it: it carries on with your new session.';
}

/**
 * The console's background jobs (issue 35). Jobs run with the credentials of the session that started
 * them (STS credentials, kept sealed in the journal): when those expire the job pauses with the reason,
 * and Resume from a new session of the same account carries on with that session's credentials. Jobs
 * that were running when the console stopped start again from their cursor when it starts.
 */
export class JobService {
  private readonly records = new Map<string, JobRecord>();
  private readonly active = new Map<string, Active>();
  private readonly dirty = new Set<string>();
  private readonly saving = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: JobServiceOptions) {}

  /** Loads the journal and starts again every job that was running. */
  async start(): Promise<void> {
    for (const r of await this.options.journal.loadAll()) this.records.set(r.id, r);
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
    for (const r of this.records.values()) if (r.state === 'running') this.launch(r);
  }

  /** Stops the runners at their next key (the journal keeps them `running`, to resume at the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const a of this.active.values()) a.stop ??= 'shutdown';
    await Promise.all([...this.active.values()].map((a) => a.done));
    clearInterval(this.timer);
    await this.flush();
  }

  create(credentials: SessionPayload, spec: CreateJobSpec): Job {
    const now = new Date().toISOString();
    const record: JobRecord = {
      id: randomUUID(),
      account: credentials.accountName,
      spec,
      title: jobTitle(spec),
      state: 'running',
      created: now,
      updated: now,
      progress: { objects: 0, bytes: 0, skipped: 0, failed: 0 },
      cursor: { item: 0 },
      failures: [],
      sealedCredentials: sealSession(credentials, this.options.sessionKey),
    };
    this.records.set(record.id, record);
    this.markDirty(record);
    this.launch(record);
    this.prune();
    return publicJob(record);
  }

  list(account: string): Job[] {
    return [...this.records.values()]
      .filter((r) => r.account === account)
      .sort((a, b) => b.created.localeCompare(a.created))
      .map(publicJob);
  }

  get(account: string, id: string): Job {
    return publicJob(this.owned(account, id));
  }

  /** Pause, resume (with the caller's credentials) or cancel; answers the job as it is afterwards. */
  async act(credentials: SessionPayload, id: string, action: JobAction): Promise<Job> {
    const r = this.owned(credentials.accountName, id);
    const active = this.active.get(id);
    if (action === 'resume') {
      if (r.state !== 'paused')
        throw apiErrors.conflict(
          'The job cannot be resumed',
          `The job is ${r.state}; only a paused job resumes.`,
        );
      r.sealedCredentials = sealSession(credentials, this.options.sessionKey);
      delete r.pausedReason;
      r.state = 'running';
      this.markDirty(r);
      this.launch(r);
      return publicJob(r);
    }
    if (r.state !== 'running' && !(action === 'cancel' && r.state === 'paused')) {
      throw apiErrors.conflict(
        `The job cannot be ${action === 'pause' ? 'paused' : 'canceled'}`,
        `The job is ${r.state}.`,
      );
    }
    if (active !== undefined) {
      active.stop = action;
      await active.done;
    } else {
      r.state = action === 'pause' ? 'paused' : 'canceled';
      this.markDirty(r);
    }
    await this.flushOne(r.id);
    return publicJob(r);
  }

  private owned(account: string, id: string): JobRecord {
    const r = this.records.get(id);
    if (r === undefined || r.account !== account) throw apiErrors.notFound(`There is no job ${id} of yours.`);
    return r;
  }

  private launch(r: JobRecord): void {
    if (this.stopped || this.active.has(r.id)) return;
    const credentials = openSession(r.sealedCredentials, this.options.sessionKey);
    if (credentials === null || credentials.expiresAt - EXPIRY_MARGIN_MS <= Date.now()) {
      this.pause(
        r,
        credentials === null
          ? 'The console cannot open the credentials this job was started with. Sign in again and resume it.'
          : expiredReason(),
      );
      return;
    }
    const active: Active = { stop: null, done: Promise.resolve() };
    const run: JobRun = {
      record: r,
      s3: createS3Client(this.options.endpoint, credentials),
      concurrency: this.options.concurrency ?? 16,
      ...(this.options.multipartThreshold === undefined
        ? {}
        : { multipartThreshold: this.options.multipartThreshold }),
      shouldStop: () => {
        if (active.stop === null && credentials.expiresAt - EXPIRY_MARGIN_MS <= Date.now())
          active.stop = 'expired';
        return active.stop !== null;
      },
      changed: () => this.markDirty(r),
      fail: (key, code, reason) => {
        r.progress.failed++;
        if (r.failures.length < JOB_MAX_FAILURES_KEPT) r.failures.push({ key, code, reason });
        this.markDirty(r);
      },
    };
    active.done = (async () => {
      try {
        await (r.spec.kind === 'delete' ? runDelete(run) : runTransfer(run));
        this.settle(r, active.stop);
      } catch (err) {
        if (err instanceof JobInterrupted) this.pause(r, err.message);
        else {
          r.state = 'failed';
          r.error =
            err instanceof Error
              ? `${(err as { code?: string }).code ?? 'Error'}: ${err.message}`
              : String(err);
          this.markDirty(r);
        }
      } finally {
        this.active.delete(r.id);
        await this.flushOne(r.id);
      }
    })();
    this.active.set(r.id, active);
  }

  private settle(r: JobRecord, stop: StopReason | null): void {
    if (stop === 'shutdown') return;
    if (stop === 'expired') {
      this.pause(r, expiredReason());
      return;
    }
    r.state = stop === 'pause' ? 'paused' : stop === 'cancel' ? 'canceled' : 'completed';
    if (r.state === 'completed') delete r.progress.current_key;
    this.markDirty(r);
  }

  private pause(r: JobRecord, reason: string): void {
    r.state = 'paused';
    r.pausedReason = reason;
    this.markDirty(r);
  }

  private markDirty(r: JobRecord): void {
    r.updated = new Date().toISOString();
    this.dirty.add(r.id);
  }

  private async flush(): Promise<void> {
    await Promise.all([...this.dirty].map((id) => this.flushOne(id)));
  }

  /** Writes one job's journal entry; writes of one job are serialized, so the last state wins. */
  private flushOne(id: string): Promise<void> {
    const previous = this.saving.get(id) ?? Promise.resolve();
    const next = previous.then(async () => {
      if (!this.dirty.delete(id)) return;
      const r = this.records.get(id);
      if (r !== undefined) await this.options.journal.save(r);
    });
    const settled = next.catch(() => undefined);
    this.saving.set(id, settled);
    void settled.then(() => {
      if (this.saving.get(id) === settled) this.saving.delete(id);
    });
    return next;
  }

  private prune(): void {
    const finished = [...this.records.values()]
      .filter((r) => r.state === 'completed' || r.state === 'canceled' || r.state === 'failed')
      .sort((a, b) => b.created.localeCompare(a.created));
    for (const r of finished.slice(KEEP_FINISHED)) {
      this.records.delete(r.id);
      void this.options.journal.remove(r.id);
    }
  }
}
