import type { StoreContext } from '../core/context.js';
import type { ObjectEventName } from '../events/object-events.js';
import type { S3Request } from './types.js';

/** What an operation knows about the version it wrote or removed. */
export interface ChangedObject {
  key: string;
  size?: number;
  etag?: string;
  versionId?: string;
  contentType?: string;
}

/**
 * Publishes a committed change on the store's object event bus (bucket notifications, the console's
 * Watch). Nothing is built while nobody listens.
 */
export function publishObjectEvent(
  ctx: StoreContext,
  req: S3Request,
  name: ObjectEventName,
  object: ChangedObject,
): void {
  if (ctx.events.listenerCount('object') === 0) return;
  ctx.events.emit('object', {
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
  });
}
