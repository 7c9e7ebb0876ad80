// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../core/context.js';
import { S3Error, withHeaders } from '../core/errors.js';
import type { ObjectInfo } from '../object-layer/types.js';
import { authorize } from './authorize.js';
import { checkPreconditions } from './conditional.js';
import type { S3Request } from './types.js';
import { validateBucketName, validateObjectKey } from './validate.js';

export interface CopySource {
  bucket: string;
  key: string;
  versionId?: string;
}

/** `x-amz-copy-source: [/]bucket/key[?versionId=id]`, URL-encoded (S3 API: CopyObject). */
export function parseCopySource(header: string | string[] | undefined): CopySource {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw)
    throw new S3Error(
      'InvalidArgument',
      'Copy Source must mention the source bucket and key: sourcebucket/sourcekey',
    );
  let path = raw;
  let versionId: string | undefined;
  const q = raw.indexOf('?');
  if (q >= 0) {
    path = raw.slice(0, q);
    const params = new URLSearchParams(raw.slice(q + 1));
    const v = params.get('versionId');
    if (v !== null) {
      if (v === '') throw new S3Error('InvalidArgument', 'Version id cannot be the empty string');
      versionId = v;
    }
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new S3Error('InvalidArgument', 'Copy Source is not URL-encoded correctly.');
  }
  if (decoded.startsWith('/')) decoded = decoded.slice(1);
  const slash = decoded.indexOf('/');
  if (slash <= 0 || slash === decoded.length - 1) {
    throw new S3Error(
      'InvalidArgument',
      'Copy Source must mention the source bucket and key: sourcebucket/sourcekey',
    );
  }
  const bucket = decoded.slice(0, slash);
  const key = decoded.slice(slash + 1);
  validateBucketName(bucket);
  validateObjectKey(key);
  return versionId !== undefined ? { bucket, key, versionId } : { bucket, key };
}

/**
 * Resolves and checks the source of CopyObject / UploadPartCopy: s3:GetObject on it, it exists and is
 * not a delete marker, and the x-amz-copy-source-if-* preconditions hold.
 */
export async function resolveCopySource(
  req: S3Request,
  ctx: StoreContext,
): Promise<{ src: CopySource; info: ObjectInfo }> {
  const src = parseCopySource(req.headers['x-amz-copy-source']);
  await authorize(req, ctx, 's3:GetObject', { bucket: src.bucket, key: src.key });
  const info = await ctx.layer.headObject(
    src.bucket,
    src.key,
    src.versionId !== undefined ? { versionId: src.versionId } : {},
  );
  if (info.isDeleteMarker) {
    const err =
      src.versionId !== undefined
        ? new S3Error(
            'InvalidRequest',
            'The source of a copy request may not specifically refer to a delete marker by version id.',
          )
        : new S3Error('NoSuchKey', undefined, { Key: src.key });
    throw withHeaders(err, { 'x-amz-delete-marker': 'true' });
  }
  checkPreconditions(req.headers, info, 'x-amz-copy-source-');
  return { src, info };
}
