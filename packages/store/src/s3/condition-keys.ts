// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../core/context.js';
import { S3Error } from '../core/errors.js';
import { parseTaggingHeader } from './tags.js';
import type { S3Request } from './types.js';

/** Request headers that are S3 condition keys of their own (`s3:<header>`). */
const REQUEST_HEADER_KEYS = [
  'x-amz-acl',
  'x-amz-grant-read',
  'x-amz-grant-write',
  'x-amz-grant-read-acp',
  'x-amz-grant-write-acp',
  'x-amz-grant-full-control',
  'x-amz-copy-source',
  'x-amz-metadata-directive',
  'x-amz-server-side-encryption',
  'x-amz-storage-class',
];

/**
 * Object-level condition keys of a request (IAM "Condition keys for Amazon S3"): `s3:versionid`,
 * `s3:x-amz-acl`, `s3:x-amz-grant-*`, `s3:x-amz-copy-source`, `s3:x-amz-metadata-directive`, `s3:RequestObjectTag/<key>` and `s3:RequestObjectTagKeys` (from x-amz-tagging),
 * and `s3:ExistingObjectTag/<key>` (the addressed version's tags — read only when the requester's
 * identity policies or the bucket policy name that key, so ordinary requests pay no extra metadata read).
 */
export async function objectConditions(req: S3Request, ctx: StoreContext): Promise<Record<string, string[]>> {
  const c: Record<string, string[]> = {};
  for (const name of REQUEST_HEADER_KEYS) {
    const v = req.headers[name];
    if (typeof v === 'string') c[`s3:${name}`] = [v];
  }
  if (req.key === '') return c;
  const versionId = req.query.get('versionId');
  if (versionId) c['s3:versionid'] = [versionId];
  const tagging = req.headers['x-amz-tagging'];
  if (typeof tagging === 'string') {
    const tags = parseTaggingHeader(tagging) ?? {};
    for (const [k, v] of Object.entries(tags)) c[`s3:RequestObjectTag/${k}`] = [v];
    c['s3:RequestObjectTagKeys'] = Object.keys(tags);
  }
  if (
    ctx.iam.identityPoliciesName(req.identity, 's3:existingobjecttag/') ||
    (await bucketPolicyNames(ctx, req.bucket, 'existingobjecttag/'))
  ) {
    try {
      const info = await ctx.layer.headObject(req.bucket, req.key, versionId ? { versionId } : {});
      for (const [k, v] of Object.entries(info.tags)) c[`s3:ExistingObjectTag/${k}`] = [v];
    } catch (err) {
      // No such object (yet): no existing tags; the operation itself answers NoSuchKey.
      if (!(err instanceof S3Error)) throw err;
    }
  }
  return c;
}

async function bucketPolicyNames(ctx: StoreContext, bucket: string, needle: string): Promise<boolean> {
  try {
    const raw = await ctx.layer.getBucketConfig(bucket, 'policy');
    return raw?.toString('utf8').toLowerCase().includes(needle) === true;
  } catch (err) {
    if (err instanceof S3Error) return false;
    throw err;
  }
}
