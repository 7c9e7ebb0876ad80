// SPDX-License-Identifier: Apache-2.0
import { type WatchMessage, watchQuerySchema, wsPaths } from '@stowage/contracts';
import { XMLParser } from 'fast-xml-parser';
import type * as Minio from 'minio';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { relayToSocket } from './relay.js';

/** The changes the Watch page follows: every object created or removed. */
const WATCHED_EVENTS = ['s3:ObjectCreated:*', 's3:ObjectRemoved:*'];

interface NotificationRecord {
  eventTime?: string;
  eventName?: string;
  s3?: { object?: { key?: string; size?: number } };
}

/** A bucket notification record as the console's watch message. */
export function watchMessage(r: NotificationRecord): WatchMessage {
  const key = r.s3?.object?.key ?? '';
  let path = key;
  try {
    path = decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    path = key;
  }
  return {
    time: r.eventTime ?? new Date().toISOString(),
    size: r.s3?.object?.size ?? 0,
    type: r.eventName ?? '',
    path,
  };
}

/** Splits a stream of JSON lines (blank lines are keep-alives) into parsed values. */
export async function* jsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: true });
    let nl = pending.indexOf('\n');
    while (nl >= 0) {
      const line = pending.slice(0, nl).trim();
      pending = pending.slice(nl + 1);
      if (line !== '') yield JSON.parse(line);
      nl = pending.indexOf('\n');
    }
  }
  if (pending.trim() !== '') yield JSON.parse(pending);
}

/** The message of an S3 XML error document, or the HTTP status when it has none. */
function s3ErrorMessage(status: number, body: string): string {
  try {
    const doc = new XMLParser().parse(body) as { Error?: { Code?: string; Message?: string } };
    if (doc.Error?.Message) return doc.Error.Message;
    if (doc.Error?.Code) return doc.Error.Code;
  } catch {
    // Not XML: fall through to the status.
  }
  return `The storage server answered ${status}.`;
}

/**
 * The bucket's changes, from S3 ListenBucketNotification on a URL presigned with the user's own
 * credentials (so it works the same against MinIO). A refusal by the store throws its message.
 */
async function* bucketChanges(
  s3: Minio.Client,
  bucket: string,
  prefix: string,
  suffix: string,
  signal: AbortSignal,
): AsyncGenerator<WatchMessage> {
  const url = await s3.presignedUrl('GET', bucket, '', 3600, {
    // The SDK types values as strings, but it encodes an array as a repeated parameter
    // (query-string's default), which is what `events` needs.
    events: WATCHED_EVENTS as unknown as string,
    ...(prefix ? { prefix } : {}),
    ...(suffix ? { suffix } : {}),
  });
  const res = await fetch(url, { signal });
  if (!res.ok || res.body === null) throw new Error(s3ErrorMessage(res.status, await res.text()));
  for await (const value of jsonLines(res.body)) {
    const records = (value as { Records?: NotificationRecord[] | null }).Records ?? [];
    for (const r of records) yield watchMessage(r);
  }
}

/**
 * `GET /ws/watch/{bucket}?prefix&suffix` (spec 3 §7): a WebSocket that relays the bucket's change
 * notifications (S3 ListenBucketNotification, signed with the user's own credentials, so it needs
 * s3:ListenBucketNotification on the bucket), one watch message per change. When the store refuses or
 * ends the stream the socket closes (1011 with the store's message, or 1000).
 */
export function registerWatch(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    wsPaths.watch,
    {
      websocket: true,
      schema: {
        hide: true,
        params: z.object({ bucket: z.string().min(1, 'A bucket is required').max(63) }),
        querystring: watchQuerySchema,
      },
    },
    (socket, request) => {
      const { bucket } = request.params;
      const { prefix, suffix } = request.query;
      const s3 = request.session.s3;
      relayToSocket(
        socket,
        (signal) => bucketChanges(s3, bucket, prefix, suffix, signal),
        (m) => m,
      );
    },
  );
}
