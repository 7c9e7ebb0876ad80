// SPDX-License-Identifier: Apache-2.0
import { PassThrough } from 'node:stream';
import type { HandlerResponse } from './request.js';

/** MinIO sends a space between JSON values every 500 ms, so idle streams stay open (PROTOCOL-NOTES §7). */
const KEEP_ALIVE_MS = 500;
/** A reader slower than the events loses them past this much backlog, as MinIO's do. */
const MAX_BUFFERED = 4 * 1024 * 1024;

/**
 * A long-lived JSON-lines answer (admin trace and log, ListenBucketNotification): `subscribe` starts
 * feeding values through `push` and returns how to stop; the stream writes one value per line, a space
 * every 500 ms in between, and ends when the client goes away (`signal`) or the store closes (`shutdown`).
 */
export function liveStream(opts: {
  signal: AbortSignal;
  shutdown: AbortSignal;
  subscribe: (push: (value: unknown) => void) => () => void;
}): HandlerResponse {
  const out = new PassThrough();
  const push = (value: unknown): void => {
    if (!out.writableEnded && out.writableLength <= MAX_BUFFERED) out.write(`${JSON.stringify(value)}\n`);
  };
  const unsubscribe = opts.subscribe(push);
  const keepAlive = setInterval(() => out.write(' '), KEEP_ALIVE_MS);
  const stop = (): void => {
    clearInterval(keepAlive);
    unsubscribe();
    opts.signal.removeEventListener('abort', stop);
    opts.shutdown.removeEventListener('abort', stop);
    if (!out.writableEnded) out.end();
  };
  opts.signal.addEventListener('abort', stop);
  opts.shutdown.addEventListener('abort', stop);
  out.on('close', stop);
  if (opts.signal.aborted || opts.shutdown.aborted) stop();
  return { status: 200, headers: { 'content-type': 'application/json' }, body: out };
}
