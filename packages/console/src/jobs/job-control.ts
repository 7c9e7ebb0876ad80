// SPDX-License-Identifier: Apache-2.0
import type * as Minio from 'minio';
import type { JobRecord } from './job-record.js';

/** What a runner is given by the service: the job, a client with its credentials, and the controls. */
export interface JobRun {
  record: JobRecord;
  s3: Minio.Client;
  /** True once the runner must stop after the keys in flight (pause, cancel, console shutdown, expiry). */
  shouldStop(): boolean;
  /** Progress changed: the service writes the journal (throttled). */
  changed(): void;
  /** Records a key the job could not handle. */
  fail(key: string, code: string, reason: string): void;
  /** Keys handled at once. */
  concurrency: number;
  /** Objects above this size are copied in parts (UploadPartCopy); S3's CopyObject limit by default. */
  multipartThreshold?: number;
}

/**
 * A failure that stops the whole job rather than one key: the credentials expired or the server cannot
 * be reached. The job is paused with the reason; Resume (from a new session) carries on from the cursor.
 */
export class JobInterrupted extends Error {}

const sessionCodes = new Set([
  'ExpiredToken',
  'InvalidAccessKeyId',
  'InvalidTokenId',
  'InvalidClientTokenId',
]);
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
]);

function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** Turns job-wide failures into JobInterrupted; other errors are the key's own. */
export function interruption(err: unknown): JobInterrupted | null {
  const code = codeOf(err);
  const message = err instanceof Error ? err.message : String(err);
  if (sessionCodes.has(code))
    return new JobInterrupted(
      `The credentials of the session that started this job are no longer valid (${code}). Sign in again and resume it.`,
    );
  if (networkCodes.has(code) || networkCodes.has(codeOf((err as { cause?: unknown } | null)?.cause)))
    return new JobInterrupted(
      `The storage server cannot be reached (${message}). Resume the job when it is back.`,
    );
  return null;
}

/** Runs a job-wide request (a listing, a batch): its job-wide failures become JobInterrupted. */
export async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw interruption(err) ?? err;
  }
}

/** The code and message a key's failure is reported with. */
export function failureOf(err: unknown): { code: string; reason: string } {
  const code = codeOf(err) || 'InternalError';
  const message = err instanceof Error ? err.message : String(err);
  return { code, reason: message || code };
}

/**
 * Runs `fn` over `keys` with at most `limit` at once, in order of starting. `onSettled(i)` is called as
 * each finishes, so the caller can move its cursor over the contiguous run of finished keys. Stops
 * starting new keys once `stop()` says so or a JobInterrupted is thrown; that error is rethrown.
 */
export async function eachConcurrently<T>(
  keys: readonly T[],
  limit: number,
  stop: () => boolean,
  fn: (k: T) => Promise<void>,
  onSettled: (i: number) => void,
): Promise<void> {
  let next = 0;
  let interrupted: JobInterrupted | null = null;
  const worker = async (): Promise<void> => {
    while (interrupted === null && !stop()) {
      const i = next++;
      if (i >= keys.length) return;
      try {
        await fn(keys[i] as T);
        onSettled(i);
      } catch (err) {
        if (err instanceof JobInterrupted) interrupted ??= err;
        else throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, keys.length)) }, worker));
  if (interrupted !== null) throw interrupted;
}

/** Tracks which keys of a page are finished and where the contiguous finished run ends. */
export class PageCursor {
  private readonly done: boolean[];
  private upTo = 0;

  constructor(private readonly keys: readonly string[]) {
    this.done = keys.map(() => false);
  }

  /** Marks key `i` finished; returns the last key of the contiguous finished run, if it moved. */
  settle(i: number): string | undefined {
    this.done[i] = true;
    const before = this.upTo;
    while (this.upTo < this.done.length && this.done[this.upTo]) this.upTo++;
    return this.upTo > before ? this.keys[this.upTo - 1] : undefined;
  }
}
