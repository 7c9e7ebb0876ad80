// SPDX-License-Identifier: Apache-2.0
import { compressionPolicy, shouldCompress } from '../config/sets/compression.js';
import { classParity } from '../config/sets/storage-class.js';
import type { StoreContext } from '../core/context.js';
import { S3Error } from '../core/errors.js';
import type { AclRecord, BucketInfo, Retention, StorageClassName } from '../object-layer/types.js';
import { objectWriteAcl } from './access/object-acl.js';
import { authorize } from './authorize.js';
import {
  contentTypeFromHeaders,
  storageClassFromHeaders,
  systemMetadataFromHeaders,
  userMetadataFromHeaders,
} from './metadata.js';
import { lockFromHeaders } from './object-lock.js';
import { type ObjectEncryption, writeEncryption } from './sse/seal.js';
import { parseTaggingHeader } from './tags.js';
import type { S3Request } from './types.js';

/** How a new version's bytes are stored: its class and that class's parity, and compression. */
export interface DataOptions {
  storageClass: StorageClassName;
  parity: number;
  compress: boolean;
}

export interface NewObjectOptions extends DataOptions {
  contentType: string;
  systemMetadata: Record<string, string>;
  userMetadata: Record<string, string>;
  tags: Record<string, string>;
  retention: Retention | null;
  legalHold: boolean;
  /** Server-side encryption (request headers, else the bucket default): sse/seal.ts. */
  encryption?: ObjectEncryption;
  /** The version's owner and ACL when not the default (access/object-acl.ts). */
  acl?: AclRecord;
}

/**
 * The storage of a new version under the configuration in effect: the parity of its storage class
 * (`storage_class`) and whether it is compressed (`compression`, by key and content type).
 */
export function dataOptions(
  ctx: StoreContext,
  key: string,
  contentType: string,
  storageClass: StorageClassName,
): DataOptions {
  const parity = classParity(ctx.config.get('storage_class'), storageClass, {
    drives: ctx.layer.setDriveCount,
    parity: ctx.layer.parityShards,
  });
  if ('problem' in parity) {
    throw new S3Error('InternalError', `The storage_class configuration cannot be used: ${parity.problem}`);
  }
  const compress = shouldCompress(compressionPolicy(ctx.config.get('compression')), key, contentType);
  return { storageClass, parity: parity.parity, compress };
}

/**
 * Everything a new object version takes from request headers (PutObject, CreateMultipartUpload,
 * CopyObject with REPLACE): content type, stored system headers, x-amz-meta-*, x-amz-tagging and the
 * object-lock headers. Tagging and explicit lock settings need their own permissions, as in MinIO.
 */
export async function newObjectOptions(
  req: S3Request,
  ctx: StoreContext,
  bucket: BucketInfo,
): Promise<NewObjectOptions> {
  const storageClass = storageClassFromHeaders(req.headers);
  const encryption = await writeEncryption(req, ctx);
  const tagHeader = req.headers['x-amz-tagging'];
  const tags = parseTaggingHeader(Array.isArray(tagHeader) ? tagHeader.join('&') : tagHeader) ?? {};
  if (Object.keys(tags).length > 0) await authorize(req, ctx, 's3:PutObjectTagging');
  if (req.headers['x-amz-object-lock-mode'] !== undefined) await authorize(req, ctx, 's3:PutObjectRetention');
  if (req.headers['x-amz-object-lock-legal-hold'] !== undefined)
    await authorize(req, ctx, 's3:PutObjectLegalHold');
  const acl = await objectWriteAcl(req, ctx, bucket);
  const lock = await lockFromHeaders(req.headers, bucket, ctx.layer);
  const contentType = contentTypeFromHeaders(req.headers);
  return {
    ...dataOptions(ctx, req.key, contentType, storageClass),
    contentType,
    systemMetadata: systemMetadataFromHeaders(req.headers),
    userMetadata: userMetadataFromHeaders(req.headers),
    tags,
    retention: lock.retention,
    legalHold: lock.legalHold,
    ...(encryption ? { encryption } : {}),
    ...(acl ? { acl } : {}),
  };
}
