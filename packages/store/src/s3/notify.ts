// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../core/context.js';
import type { HandlerResponse } from '../core/request.js';
import type { ObjectEvent, ObjectEventName } from '../events/object-events.js';
import type { S3Request } from './types.js';

/** What an operation knows about the version it wrote or removed. */
export interface ChangedObject {
  key: string;
  size?: number;
  etag?: string;
  versionId?: string;
  contentType?: string;
}

function objectEvent(req: S3Request, name: ObjectEventName, object: ChangedObject): ObjectEvent {
  return {
    name,
    time: new Date(),
    bucket: req.bucket,
    key: object.key,
    size: object.size ?? 0,
    etag: object.etag ?? '',
    versionId: object.versionId && object.versionId !== 'null' ? object.versionId : '',
    contentType: object.contentType ?? '',
    principal: req.identity.accessKey,
    sourceIp: req.sourceIp,
    userAgent: String(req.headers['user-agent'] ?? ''),
  };
}

function notifyHost(ctx: StoreContext): string {
  return ctx.url ? new URL(ctx.url).host : '';
}

/**
 * Publishes a committed change on the store's object event bus (the console's Watch, the usage
 * scanner) and to the bucket's notification targets. Resolves once targets with a `queue_dir` have the
 * event on disk, so the operation answers only after that. Nothing is built while nobody listens.
 */
export async function publishObjectEvent(
  ctx: StoreContext,
  req: S3Request,
  name: ObjectEventName,
  object: ChangedObject,
): Promise<void> {
  const notify = ctx.notify;
  const listening = ctx.events.listenerCount('object') > 0;
  if (!listening && !notify?.active) return;
  const event = objectEvent(req, name, object);
  if (listening) ctx.events.emit('object', event);
  if (notify?.active) await notify.publish(event, notifyHost(ctx));
}

/**
 * Publishes a read (`s3:ObjectAccessed:Get|Head`, described by the read's answer headers) to the bucket's
 * notification targets only: reads are not changes, so the object event bus (usage scanner, Watch) does
 * not carry them.
 */
export async function publishAccessEvent(
  ctx: StoreContext,
  req: S3Request,
  name: 's3:ObjectAccessed:Get' | 's3:ObjectAccessed:Head',
  res: HandlerResponse,
): Promise<void> {
  if (!ctx.notify?.active) return;
  const h = res.headers ?? {};
  const object: ChangedObject = {
    key: req.key,
    size: Number(h['content-length'] ?? 0),
    etag: String(h.etag ?? '').replace(/"/g, ''),
    versionId: String(h['x-amz-version-id'] ?? ''),
    contentType: String(h['content-type'] ?? ''),
  };
  await ctx.notify.publish(objectEvent(req, name, object), notifyHost(ctx));
}
