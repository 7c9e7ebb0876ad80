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

/** Start the sweeper; returns a function that stops it. */
export function startStaleUploadCleanup(
  target: StaleUploadCleaner,
  opts: StaleUploadOptions = {},
): () => void {
  const maxAge = opts.maxAgeMs ?? DEFAULT_STALE_UPLOAD_AGE_MS;
  const every = opts.intervalMs ?? 3600 * 1000;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    target
      .cleanupStaleUploads(maxAge)
      .catch((err: unknown) => opts.onError?.(err))
      .finally(() => {
        running = false;
      });
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}
