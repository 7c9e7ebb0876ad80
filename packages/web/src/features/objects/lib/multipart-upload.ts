// SPDX-License-Identifier: Apache-2.0
import { MULTIPART_MAX_PART_BYTES } from '@stowage/contracts';
import { fileIdentity } from './file-identity';
import type { JournalEntry, JournalPart, UploadJournal } from './upload-journal';
import type { UploadSender, UploadTransfer } from './upload-queue';

/**
 * Large files upload as S3 multipart uploads through the console (issue 35, uploads that resume): the
 * upload's id, the file's identity and every stored part go to the {@link UploadJournal} as they happen, so
 * after a reload, a closed tab, a lost network or a console restart the upload continues with the parts the
 * store does not hold yet (ListParts). Parts go up a few at a time; a part that fails for want of a network
 * (or a 5xx, 408, 429) is sent again after a back-off, and while the browser is offline the upload waits for
 * it to come back instead of counting failures. Cancel aborts the upload on the store and forgets it.
 * The console's API and the network are injected, so these rules are tested without a browser.
 */

const MiB = 1024 * 1024;
/** Files above this size upload in parts; smaller ones in one request. */
export const MULTIPART_THRESHOLD_BYTES = 16 * MiB;
export const DEFAULT_PART_BYTES = 8 * MiB;
/** S3 allows 10,000 parts: bigger files get bigger parts (whole MiB). */
const MAX_PARTS = 10_000;
export const PART_CONCURRENCY = 3;
/** Failed sends of one request before the upload fails (time offline does not count). */
export const MAX_ATTEMPTS = 8;
const MAX_BACKOFF_MS = 30_000;

export interface UploadTarget {
  bucket: string;
  key: string;
  uploadId: string;
}

export interface PartTransfer {
  promise: Promise<{ etag: string }>;
  abort: () => void;
}

/** The console's multipart endpoints (`/api/v1/buckets/{bucket}/multipart-uploads`). */
export interface MultipartTransport {
  create(bucket: string, key: string, contentType: string): Promise<string>;
  putPart(
    target: UploadTarget,
    partNumber: number,
    body: Blob,
    onProgress: (loaded: number) => void,
  ): PartTransfer;
  listParts(target: UploadTarget): Promise<JournalPart[]>;
  complete(target: UploadTarget, parts: readonly Pick<JournalPart, 'partNumber' | 'etag'>[]): Promise<void>;
  abort(target: UploadTarget): Promise<void>;
}

export interface NetworkWatch {
  isOnline(): boolean;
  /** Resolves when the browser is online again; rejects when `signal` aborts. */
  whenOnline(signal: AbortSignal): Promise<void>;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface PlannedPart {
  partNumber: number;
  start: number;
  end: number;
}

export function partSizeFor(fileSize: number): number {
  const size = Math.max(DEFAULT_PART_BYTES, Math.ceil(fileSize / MAX_PARTS / MiB) * MiB);
  if (size > MULTIPART_MAX_PART_BYTES) {
    throw new Error(
      `Files above ${MAX_PARTS * (MULTIPART_MAX_PART_BYTES / MiB)} MiB cannot be uploaded here.`,
    );
  }
  return size;
}

export function planParts(fileSize: number, partSize: number): PlannedPart[] {
  const parts: PlannedPart[] = [];
  for (let start = 0, n = 1; start < fileSize || n === 1; start += partSize, n++) {
    parts.push({ partNumber: n, start, end: Math.min(fileSize, start + partSize) });
    if (fileSize === 0) break;
  }
  return parts;
}

/** The back-off before attempt `attempt + 1`: 1 s, 2 s, 4 s … at most 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (attempt - 1));
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** A request worth sending again: no answer at all, a server error, a timeout or too many requests. */
export function isRetryable(error: unknown): boolean {
  const status = statusOf(error);
  return status === undefined || status >= 500 || status === 408 || status === 429;
}

export interface MultipartDeps {
  transport: MultipartTransport;
  journal: UploadJournal;
  network: NetworkWatch;
  partConcurrency?: number;
}

export const OFFLINE_NOTE = 'Offline: paused, continues when the network is back';

/** The upload manager's sender for large files (see the module comment). */
export function multipartSender(deps: MultipartDeps): UploadSender {
  return (item, onProgress, events): UploadTransfer => {
    const controller = new AbortController();
    const inflight = new Set<PartTransfer>();
    const run = new MultipartRun(deps, controller.signal, inflight, onProgress, events);
    return {
      promise: run.upload(item),
      abort: () => {
        controller.abort(new Error('Upload cancelled.'));
        for (const t of inflight) t.abort();
      },
    };
  };
}

type SenderEvents = Parameters<UploadSender>[2];

class MultipartRun {
  private target: UploadTarget | undefined;
  private stored = 0;
  private readonly sending = new Map<number, number>();
  /** Stops every part: the user cancelled, or one part failed for good. */
  private readonly halt = new AbortController();

  constructor(
    private readonly deps: MultipartDeps,
    /** The user's Cancel. */
    private readonly signal: AbortSignal,
    private readonly inflight: Set<PartTransfer>,
    private readonly onProgress: (loaded: number, total: number) => void,
    private readonly events: SenderEvents,
  ) {
    signal.addEventListener('abort', () => this.halt.abort(signal.reason), { once: true });
  }

  async upload(item: Parameters<UploadSender>[0]): Promise<void> {
    try {
      await this.send(item);
    } catch (error) {
      if (this.signal.aborted && this.target) {
        const gone = this.target;
        await this.deps.transport.abort(gone).catch(() => undefined);
        await this.deps.journal.forget(gone.uploadId).catch(() => undefined);
      }
      throw this.signal.aborted ? new Error('Upload cancelled.') : error;
    }
  }

  private async send({ bucket, prefix, file, resume }: Parameters<UploadSender>[0]): Promise<void> {
    const { transport, journal } = this.deps;
    const key = resume?.key ?? prefix + file.name;
    const identity = await fileIdentity(file);
    let entry: JournalEntry | undefined = resume
      ? await journal.get(resume.uploadId)
      : await journal.find(bucket, key, identity);
    let have = new Map<number, JournalPart>();
    if (entry) {
      const known = entry;
      this.target = { bucket, key, uploadId: known.uploadId };
      try {
        const parts = await this.retrying(() =>
          transport.listParts({ bucket, key, uploadId: known.uploadId }),
        );
        have = new Map(parts.map((p) => [p.partNumber, p]));
      } catch (error) {
        if (statusOf(error) !== 404) throw error;
        // Completed or discarded elsewhere (another tab, a lifecycle rule): start over.
        await journal.forget(known.uploadId);
        entry = undefined;
        this.target = undefined;
      }
    }
    if (!entry) {
      const contentType = file.type || 'application/octet-stream';
      const uploadId = await this.retrying(() => transport.create(bucket, key, contentType));
      this.target = { bucket, key, uploadId };
      entry = {
        uploadId,
        bucket,
        key,
        prefix: key.slice(0, key.length - file.name.length),
        contentType,
        partSize: partSizeFor(file.size),
        identity,
        startedAt: Date.now(),
        parts: [],
      };
      await journal.start(entry);
    }
    const target: UploadTarget = { bucket, key, uploadId: entry.uploadId };
    this.events?.onUploadId?.(target.uploadId);

    const plan = planParts(file.size, entry.partSize);
    const done = new Map<number, JournalPart>();
    for (const p of plan) {
      const held = have.get(p.partNumber);
      if (held && held.size === p.end - p.start) done.set(p.partNumber, held);
    }
    if (have.size > 0 || entry.parts.length > 0)
      await journal.replaceParts(target.uploadId, [...done.values()]);
    this.stored = [...done.values()].reduce((n, p) => n + p.size, 0);
    this.report(file.size);

    const missing = plan.filter((p) => !done.has(p.partNumber));
    const workers = Array.from(
      { length: Math.min(this.deps.partConcurrency ?? PART_CONCURRENCY, missing.length) },
      async () => {
        for (let next = missing.shift(); next; next = missing.shift()) {
          const part = await this.sendPart(target, file, next);
          done.set(part.partNumber, part);
        }
      },
    );
    await Promise.all(workers).catch((error: unknown) => {
      this.halt.abort(error);
      for (const t of this.inflight) t.abort();
      throw error;
    });

    const parts = plan.map((p) => done.get(p.partNumber) as JournalPart);
    await this.retrying(() => transport.complete(target, parts));
    await journal.forget(target.uploadId);
  }

  private async sendPart(target: UploadTarget, file: File, p: PlannedPart): Promise<JournalPart> {
    const size = p.end - p.start;
    const { etag } = await this.retrying(() => {
      const transfer = this.deps.transport.putPart(
        target,
        p.partNumber,
        file.slice(p.start, p.end),
        (loaded) => {
          this.sending.set(p.partNumber, Math.min(loaded, size));
          this.report(file.size);
        },
      );
      this.inflight.add(transfer);
      return transfer.promise.finally(() => {
        this.inflight.delete(transfer);
        this.sending.delete(p.partNumber);
      });
    });
    const part = { partNumber: p.partNumber, etag, size };
    this.stored += size;
    this.report(file.size);
    // The store holds the part whatever happens to this write: ListParts finds it when resuming.
    await this.deps.journal.recordPart(target.uploadId, part).catch(() => undefined);
    return part;
  }

  private report(total: number): void {
    let loaded = this.stored;
    for (const n of this.sending.values()) loaded += n;
    this.onProgress(loaded, total);
  }

  /** Sends again after a back-off while the failure is retryable; waits while the browser is offline. */
  private async retrying<T>(request: () => Promise<T>): Promise<T> {
    const { network } = this.deps;
    for (let attempt = 1; ; ) {
      this.halt.signal.throwIfAborted();
      if (!network.isOnline()) await this.pausedWhileOffline();
      try {
        return await request();
      } catch (error) {
        this.halt.signal.throwIfAborted();
        if (!isRetryable(error)) throw error;
        if (!network.isOnline()) {
          await this.pausedWhileOffline();
          continue;
        }
        if (attempt >= MAX_ATTEMPTS) throw error;
        const wait = backoffMs(attempt);
        attempt++;
        this.events?.onNote?.(
          `Connection problem: trying again in ${Math.round(wait / 1000)} s (attempt ${attempt} of ${MAX_ATTEMPTS})`,
        );
        await network.sleep(wait, this.halt.signal);
        this.events?.onNote?.(undefined);
      }
    }
  }

  private async pausedWhileOffline(): Promise<void> {
    this.events?.onNote?.(OFFLINE_NOTE);
    await this.deps.network.whenOnline(this.halt.signal);
    this.events?.onNote?.(undefined);
  }
}

/** The browser's network: `navigator.onLine` and the window's `online` event. */
export const browserNetwork: NetworkWatch = {
  isOnline: () => navigator.onLine,
  whenOnline: (signal) =>
    new Promise<void>((resolve, reject) => {
      if (navigator.onLine) return resolve();
      const done = (): void => {
        window.removeEventListener('online', done);
        signal.removeEventListener('abort', aborted);
        resolve();
      };
      const aborted = (): void => {
        window.removeEventListener('online', done);
        reject(signal.reason);
      };
      window.addEventListener('online', done);
      signal.addEventListener('abort', aborted, { once: true });
    }),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      const timer = window.setTimeout(() => {
        signal.removeEventListener('abort', aborted);
        resolve();
      }, ms);
      const aborted = (): void => {
        window.clearTimeout(timer);
        reject(signal.reason);
      };
      signal.addEventListener('abort', aborted, { once: true });
    }),
};
