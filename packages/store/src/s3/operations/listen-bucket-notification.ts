import { PassThrough } from 'node:stream';
import { S3Error } from '../../errors.js';
import { eventNameMatches, notificationRecord, type ObjectEvent } from '../../events/object-events.js';
import type { S3Handler } from '../types.js';

/**
 * A space every 500 ms keeps an idle stream alive through proxies and client body timeouts (the console's
 * fetch gives up after 5 minutes without data). It joins the next record's line, which JSON-line readers
 * (minio-go, the minio npm SDK) accept as leading whitespace.
 */
const KEEP_ALIVE_MS = 500;
/** A listener reading slower than changes happen loses records past this much backlog, as MinIO's do. */
const MAX_BUFFERED = 4 * 1024 * 1024;
const KNOWN_EVENT = /^s3:(ObjectCreated|ObjectRemoved|ObjectAccessed)(:[A-Za-z]+|:\*)?$|^s3:\*$/;

/**
 * S3 API (MinIO extension): ListenBucketNotification — `GET /{bucket}?events=…&prefix=…&suffix=…` → a
 * stream of `{"Records":[…]}` lines, one per committed change to a matching key, with keep-alive spaces,
 * until the client goes away or the store closes. `events` may repeat; `s3:ObjectCreated:*` style wildcards are accepted.
 */
export const listenBucketNotification: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const patterns = req.query.getAll('events').filter((e) => e !== '');
  for (const p of patterns) {
    if (!KNOWN_EVENT.test(p)) throw new S3Error('InvalidArgument', `Unknown event name '${p}'.`);
  }
  const prefix = req.query.get('prefix') ?? '';
  const suffix = req.query.get('suffix') ?? '';
  const host = new URL(ctx.url).host;

  const out = new PassThrough();
  const listener = (e: ObjectEvent): void => {
    if (e.bucket !== req.bucket || !e.key.startsWith(prefix) || !e.key.endsWith(suffix)) return;
    if (!eventNameMatches(patterns, e.name) || out.writableLength > MAX_BUFFERED) return;
    out.write(`${JSON.stringify({ Records: [notificationRecord(e, ctx.region, host)] })}\n`);
  };
  const keepAlive = setInterval(() => out.write(' '), KEEP_ALIVE_MS);
  const stop = (): void => {
    clearInterval(keepAlive);
    ctx.events.off('object', listener);
    req.signal.removeEventListener('abort', stop);
    ctx.shutdown.removeEventListener('abort', stop);
    if (!out.writableEnded) out.end();
  };
  ctx.events.on('object', listener);
  req.signal.addEventListener('abort', stop);
  ctx.shutdown.addEventListener('abort', stop);
  out.on('close', stop);
  if (req.signal.aborted || ctx.shutdown.aborted) stop();
  return { status: 200, headers: { 'content-type': 'application/json' }, body: out };
};
