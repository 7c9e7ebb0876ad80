import type { StoreContext } from '../core/context.js';
import { S3Error } from '../core/errors.js';
import type { BucketInfo, Retention } from '../object-layer/types.js';
import { authorize } from './authorize.js';
import {
  checkStorageClass,
  contentTypeFromHeaders,
  systemMetadataFromHeaders,
  userMetadataFromHeaders,
} from './metadata.js';
import { lockFromHeaders } from './object-lock.js';
import { parseTaggingHeader } from './tags.js';
import type { S3Request } from './types.js';

/**
 * Server-side encryption is not implemented: a request asking for it is refused rather than stored
 * unencrypted under a header that claims otherwise.
 */
export function refuseEncryptionHeaders(req: S3Request): void {
  for (const h of [
    'x-amz-server-side-encryption',
    'x-amz-server-side-encryption-customer-algorithm',
    'x-amz-copy-source-server-side-encryption-customer-algorithm',
  ]) {
    if (req.headers[h] !== undefined) {
      throw new S3Error('NotImplemented', 'Server-side encryption is not supported by this server.');
    }
  }
}

export interface NewObjectOptions {
  contentType: string;
  systemMetadata: Record<string, string>;
  userMetadata: Record<string, string>;
  tags: Record<string, string>;
  retention: Retention | null;
  legalHold: boolean;
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
  checkStorageClass(req.headers);
  refuseEncryptionHeaders(req);
  const tagHeader = req.headers['x-amz-tagging'];
  const tags = parseTaggingHeader(Array.isArray(tagHeader) ? tagHeader.join('&') : tagHeader) ?? {};
  if (Object.keys(tags).length > 0) await authorize(req, ctx, 's3:PutObjectTagging');
  if (req.headers['x-amz-object-lock-mode'] !== undefined) await authorize(req, ctx, 's3:PutObjectRetention');
  if (req.headers['x-amz-object-lock-legal-hold'] !== undefined)
    await authorize(req, ctx, 's3:PutObjectLegalHold');
  const lock = await lockFromHeaders(req.headers, bucket, ctx.layer);
  return {
    contentType: contentTypeFromHeaders(req.headers),
    systemMetadata: systemMetadataFromHeaders(req.headers),
    userMetadata: userMetadataFromHeaders(req.headers),
    tags,
    retention: lock.retention,
    legalHold: lock.legalHold,
  };
}
