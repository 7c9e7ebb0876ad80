// SPDX-License-Identifier: Apache-2.0
/**
 * Periodic removal of multipart uploads that were started long ago and never completed or aborted
 * (MinIO's default: 24 h). The timer is unref'd so it never keeps the process alive. The store's
 * server starts it next to the object layer, whose `cleanupStaleUploads` does each sweep.
 */

export interface StaleUploadCleaner {
  /** Abort uploads initiated more than `maxAgeMs` ago; resolves to how many were removed. */
  cleanupStaleUploads(maxAgeMs: number): Promise<number>;
}

export interface StaleUploadOptions {
  /** Uploads older than this are removed (default 24 h). */
  maxAgeMs?: number;
  /** How often to look (default 1 h). */
  intervalMs?: number;
  /** Called with errors of a sweep (the next sweep still runs). */
  onError?: (err: unknown) => void;
}

export const DEFAULT_STALE_UPLOAD_AGE_MS = 24 * 3600 * 1000;

/** Stops the sweeper when called; `configure` changes its age limit and period (the `api` set). */
export type StaleUploadCleanup = (() => void) & {
  configure(opts: Pick<StaleUploadOptions, 'maxAgeMs' | 'intervalMs'>): void;
};

/** Start the sweeper; returns a function that stops it (and can reconfigure it). */
export function startStaleUploadCleanup(
  target: StaleUploadCleaner,
  opts: StaleUploadOptions = {},
): StaleUploadCleanup {
  let maxAge = opts.maxAgeMs ?? DEFAULT_STALE_UPLOAD_AGE_MS;
  let every = opts.intervalMs ?? 3600 * 1000;
  let running = false;
  let stopped = false;
  const sweep = (): void => {
    if (running) return;
    running = true;
    target
      .cleanupStaleUploads(maxAge)
      .catch((err: unknown) => opts.onError?.(err))
      .finally(() => {
        running = false;
      });
  };
  let timer = setInterval(sweep, every);
  timer.unref();
  const stop = (): void => {
    stopped = true;
    clearInterval(timer);
  };
  return Object.assign(stop, {
    configure(next: Pick<StaleUploadOptions, 'maxAgeMs' | 'intervalMs'>): void {
      if (next.maxAgeMs !== undefined) maxAge = next.maxAgeMs;
      if (next.intervalMs === undefined || next.intervalMs === every || stopped) return;
      every = next.intervalMs;
      clearInterval(timer);
      timer = setInterval(sweep, every);
      timer.unref();
    },
  });
}
