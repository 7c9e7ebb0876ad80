// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { liveStream } from '../../core/live-stream.js';
import { eventNameMatches, notificationRecord, type ObjectEvent } from '../../events/object-events.js';
import type { S3Handler } from '../types.js';

const KNOWN_EVENT = /^s3:(ObjectCreated|ObjectRemoved|ObjectAccessed)(:[A-Za-z]+|:\*)?$|^s3:\*$/;

/**
 * S3 API (MinIO extension): ListenBucketNotification — `GET /{bucket}?events=…&prefix=…&suffix=…` → a
 * stream of `{"Records":[…]}` lines, one per committed change to a matching key, with keep-alive spaces
 * (which JSON-line readers such as minio-go and the minio npm SDK take as leading whitespace; they also
 * keep the console's fetch from timing out on a quiet bucket), until the client goes away or the store
 * closes. `events` may repeat; `s3:ObjectCreated:*` style wildcards are accepted.
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

  return liveStream({
    signal: req.signal,
    shutdown: ctx.shutdown,
    subscribe: (push) => {
      const listener = (e: ObjectEvent): void => {
        if (e.bucket !== req.bucket || !e.key.startsWith(prefix) || !e.key.endsWith(suffix)) return;
        if (eventNameMatches(patterns, e.name)) push({ Records: [notificationRecord(e, ctx.region, host)] });
      };
      ctx.events.on('object', listener);
      return () => ctx.events.off('object', listener);
    },
  });
};
