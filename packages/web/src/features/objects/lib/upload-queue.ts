// SPDX-License-Identifier: Apache-2.0
import type { JournalEntry } from './upload-journal';

/**
 * The upload manager's queue (issue 7): files upload one request each, at most `concurrency` at a time;
 * each can be cancelled (while queued or uploading) and retried after it failed or was cancelled. When
 * the queue runs dry it reports the batch (spec 1 §8 'Object(s) uploaded successfully.' / 'An error
 * occurred while uploading the file(s).'). The transport is injected, so the rules are tested without XHR.
 */

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  id: number;
  bucket: string;
  /** The `prefix` query: current folder + relative folder. */
  prefix: string;
  file: File;
  status: UploadStatus;
  loaded: number;
  total: number;
  /** Bytes per second, smoothed; 0 when not uploading. */
  speed: number;
  error?: string;
  /** What an uploading file waits for (offline, a retry after a back-off), shown instead of the speed. */
  note?: string;
  /** The multipart upload's id once it has one (large files; issue 35). */
  uploadId?: string;
  /** An unfinished upload from the journal this item continues (Resume). */
  resume?: JournalEntry;
}

export interface UploadTransfer {
  promise: Promise<void>;
  abort: () => void;
}

export interface UploadEvents {
  onNote?: (note: string | undefined) => void;
  onUploadId?: (uploadId: string) => void;
}

export type UploadSender = (
  item: Pick<UploadItem, 'bucket' | 'prefix' | 'file' | 'resume'>,
  onProgress: (loaded: number, total: number) => void,
  events?: UploadEvents,
) => UploadTransfer;

export interface BatchResult {
  succeeded: number;
  failed: number;
  /** Buckets whose listings changed. */
  buckets: string[];
}

export const DEFAULT_UPLOAD_CONCURRENCY = 3;

/** Smoothing of the speed: the newest sample counts this much, older ones the rest. */
const SPEED_WEIGHT = 0.3;
/** Samples closer than this are merged, so a burst of progress events does not spike the speed. */
const MIN_SAMPLE_MS = 250;

export class UploadQueue {
  private items: UploadItem[] = [];
  private nextId = 1;
  private readonly running = new Map<number, UploadTransfer>();
  private readonly samples = new Map<number, { at: number; loaded: number }>();
  private readonly listeners = new Set<() => void>();
  private readonly batchListeners = new Set<(r: BatchResult) => void>();
  private batch: BatchResult = { succeeded: 0, failed: 0, buckets: [] };
  private snapshot: readonly UploadItem[] = [];

  constructor(
    private readonly send: UploadSender,
    private readonly concurrency: number = DEFAULT_UPLOAD_CONCURRENCY,
    private readonly now: () => number = () => Date.now(),
  ) {}

  getItems = (): readonly UploadItem[] => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onBatchDone(listener: (r: BatchResult) => void): () => void {
    this.batchListeners.add(listener);
    return () => this.batchListeners.delete(listener);
  }

  add(bucket: string, files: readonly { file: File; prefix: string; resume?: JournalEntry }[]): void {
    for (const { file, prefix, resume } of files) {
      this.items.push({
        id: this.nextId++,
        bucket,
        prefix,
        file,
        status: 'queued',
        loaded: 0,
        total: file.size,
        speed: 0,
        ...(resume ? { resume, uploadId: resume.uploadId } : {}),
      });
    }
    this.pump();
  }

  cancel(id: number): void {
    const item = this.find(id);
    if (!item) return;
    if (item.status === 'queued') {
      this.update(id, { status: 'cancelled', speed: 0 });
      this.pump();
    } else if (item.status === 'uploading') {
      // The transfer's promise rejects after abort; `settle` marks the item cancelled.
      this.update(id, { status: 'cancelled', speed: 0 });
      this.running.get(id)?.abort();
    }
  }

  retry(id: number): void {
    const item = this.find(id);
    if (!item || (item.status !== 'failed' && item.status !== 'cancelled')) return;
    const { error: _dropped, note: _note, ...rest } = item;
    this.replace({ ...rest, status: 'queued', loaded: 0, speed: 0 });
    this.pump();
  }

  /** Drops finished, failed and cancelled rows from the panel. */
  clearFinished(): void {
    this.items = this.items.filter((i) => i.status === 'queued' || i.status === 'uploading');
    this.emit();
  }

  get active(): boolean {
    return this.items.some((i) => i.status === 'queued' || i.status === 'uploading');
  }

  private find(id: number): UploadItem | undefined {
    return this.items.find((i) => i.id === id);
  }

  private replace(next: UploadItem): void {
    this.items = this.items.map((i) => (i.id === next.id ? next : i));
    this.emit();
  }

  private update(id: number, patch: Partial<UploadItem>): void {
    const item = this.find(id);
    if (item) this.replace({ ...item, ...patch });
  }

  private emit(): void {
    this.snapshot = [...this.items];
    for (const l of this.listeners) l();
  }

  private pump(): void {
    while (this.running.size < this.concurrency) {
      const next = this.items.find((i) => i.status === 'queued');
      if (!next) break;
      this.start(next);
    }
    if (this.running.size === 0 && !this.active) this.finishBatch();
  }

  private start(item: UploadItem): void {
    this.update(item.id, { status: 'uploading', loaded: 0, speed: 0 });
    this.samples.set(item.id, { at: this.now(), loaded: 0 });
    const transfer = this.send(item, (loaded, total) => this.progress(item.id, loaded, total), {
      onNote: (note) => this.setNote(item.id, note),
      onUploadId: (uploadId) => this.update(item.id, { uploadId }),
    });
    this.running.set(item.id, transfer);
    transfer.promise.then(
      () => this.settle(item, undefined),
      (err: unknown) => this.settle(item, err instanceof Error ? err.message : String(err)),
    );
  }

  private setNote(id: number, note: string | undefined): void {
    const item = this.find(id);
    if (item?.status !== 'uploading') return;
    const { note: _old, ...rest } = item;
    this.replace(note === undefined ? rest : { ...rest, note, speed: 0 });
  }

  private progress(id: number, loaded: number, total: number): void {
    const item = this.find(id);
    if (item?.status !== 'uploading') return;
    const at = this.now();
    const last = this.samples.get(id) ?? { at, loaded: 0 };
    let speed = item.speed;
    if (at - last.at >= MIN_SAMPLE_MS) {
      const sample = ((loaded - last.loaded) * 1000) / (at - last.at);
      speed = speed === 0 ? sample : SPEED_WEIGHT * sample + (1 - SPEED_WEIGHT) * speed;
      this.samples.set(id, { at, loaded });
    }
    this.update(id, { loaded, total: total > 0 ? total : item.total, speed });
  }

  private settle(item: UploadItem, error: string | undefined): void {
    this.running.delete(item.id);
    this.samples.delete(item.id);
    const current = this.find(item.id);
    if (current?.note !== undefined) {
      const { note: _note, ...rest } = current;
      this.replace(rest);
    }
    if (current && current.status === 'uploading') {
      if (error === undefined) {
        this.update(item.id, { status: 'done', loaded: current.total, speed: 0 });
        this.batch.succeeded++;
        if (!this.batch.buckets.includes(item.bucket)) this.batch.buckets.push(item.bucket);
      } else {
        this.update(item.id, { status: 'failed', speed: 0, error });
        this.batch.failed++;
      }
    }
    this.pump();
  }

  private finishBatch(): void {
    const result = this.batch;
    if (result.succeeded === 0 && result.failed === 0) return;
    this.batch = { succeeded: 0, failed: 0, buckets: [] };
    for (const l of this.batchListeners) l(result);
  }
}

/** Spec 1 §8: the snackbar after a batch of uploads; any failure makes it the error message. */
export function batchMessage(result: BatchResult): { error: boolean; text: string } {
  return result.failed > 0
    ? { error: true, text: 'An error occurred while uploading the file(s).' }
    : { error: false, text: 'Object(s) uploaded successfully.' };
}

/** Upload speed in binary units per second (spec 1 §9), e.g. "12.5 MiB/s". */
export function formatSpeed(bytesPerSecond: number, formatBytes: (n: number) => string): string {
  return `${formatBytes(bytesPerSecond)}/s`;
}
