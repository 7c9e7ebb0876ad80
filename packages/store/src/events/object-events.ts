// SPDX-License-Identifier: Apache-2.0
import { createTypedBus, type TypedBus } from './typed-bus.js';

/** S3 event names the store publishes (the names S3 and MinIO use in notification records). */
export type ObjectEventName =
  | 's3:ObjectCreated:Put'
  | 's3:ObjectCreated:Post'
  | 's3:ObjectCreated:Copy'
  | 's3:ObjectCreated:CompleteMultipartUpload'
  | 's3:ObjectRemoved:Delete'
  | 's3:ObjectRemoved:DeleteMarkerCreated'
  // Reads: delivered to notification targets only (s3/notify.ts publishAccessEvent), never on the bus.
  | 's3:ObjectAccessed:Get'
  | 's3:ObjectAccessed:Head'
  | 's3:LifecycleExpiration:Delete'
  | 's3:LifecycleExpiration:DeleteMarkerCreated'
  | 's3:ObjectTransition:Complete';

/** One change to an object, published after it is committed. */
export interface ObjectEvent {
  name: ObjectEventName;
  time: Date;
  bucket: string;
  key: string;
  /** Bytes of the new version; 0 for removals. */
  size: number;
  etag: string;
  /** '' when the bucket is not versioned. */
  versionId: string;
  contentType: string;
  /** Access key of the caller. */
  principal: string;
  sourceIp: string;
  userAgent: string;
}

/** Committed object changes: `events.on('object', (e) => ...)`. */
export type ObjectEventBus = TypedBus<'object', ObjectEvent>;

export function createObjectEventBus(): ObjectEventBus {
  return createTypedBus();
}

/**
 * Does an event name match a subscription pattern? Patterns are event names or prefixes ending in `*`
 * (`s3:ObjectCreated:*`); an empty list matches everything.
 */
export function eventNameMatches(patterns: readonly string[], name: string): boolean {
  if (patterns.length === 0) return true;
  return patterns.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p));
}

/** The S3 event record of a change (the `Records[]` entry of S3 and MinIO notifications). */
export function notificationRecord(e: ObjectEvent, region: string, host: string): Record<string, unknown> {
  const [hostName, port] = host.split(/:(?=\d+$)/);
  return {
    eventVersion: '2.0',
    eventSource: 'minio:s3',
    awsRegion: region,
    eventTime: e.time.toISOString(),
    eventName: e.name,
    userIdentity: { principalId: e.principal },
    requestParameters: { principalId: e.principal, region, sourceIPAddress: e.sourceIp },
    responseElements: {},
    s3: {
      s3SchemaVersion: '1.0',
      configurationId: 'Config',
      bucket: {
        name: e.bucket,
        ownerIdentity: { principalId: e.principal },
        arn: `arn:aws:s3:::${e.bucket}`,
      },
      object: {
        key: encodeURIComponent(e.key).replace(/%2F/g, '/'),
        size: e.size,
        eTag: e.etag,
        contentType: e.contentType,
        ...(e.versionId ? { versionId: e.versionId } : {}),
        sequencer: (e.time.getTime() * 1000).toString(16).toUpperCase(),
      },
    },
    source: { host: hostName ?? host, port: port ?? '', userAgent: e.userAgent },
  };
}
