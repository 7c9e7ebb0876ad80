// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { createBucketAccess } from '../access/enforce.js';
import { bucketOwner, ownerOf } from '../access/owner.js';
import type { S3Handler } from '../types.js';
import { parseXml, xmlText } from '../xml.js';

/**
 * S3 API: CreateBucket. An optional `CreateBucketConfiguration/LocationConstraint` must name the
 * store's region; `x-amz-bucket-object-lock-enabled: true` creates the bucket with object lock (and
 * therefore versioning) enabled. The requester becomes the bucket's owner. Creating an existing bucket
 * is, as on AWS, 200 for its owner in us-east-1 (the legacy answer there; nothing changes) and
 * BucketAlreadyOwnedByYou (409) in any other region; BucketAlreadyExists (409) for anyone else.
 */
export const createBucket: S3Handler = async (req, ctx) => {
  const body = await req.readBody(64 * 1024);
  if (body.length > 0) {
    const doc = parseXml(body, 'CreateBucketConfiguration');
    const location = xmlText(doc.LocationConstraint) ?? '';
    const region = ctx.region;
    const same = location === '' || location === region || (location === 'us-east-1' && region === '');
    if (!same) {
      throw new S3Error(
        'InvalidLocationConstraint',
        `The specified location constraint "${location}" does not match this server's region "${region}".`,
        { BucketName: req.bucket },
      );
    }
  }
  const lockHeader = String(req.headers['x-amz-bucket-object-lock-enabled'] ?? '').toLowerCase();
  if (lockHeader !== '' && lockHeader !== 'true' && lockHeader !== 'false') {
    throw new S3Error('InvalidArgument', 'x-amz-bucket-object-lock-enabled must be true or false.');
  }
  const objectLock = lockHeader === 'true';
  const owner = ownerOf(ctx, req.identity);
  const applyAccess = createBucketAccess(req, ctx, owner);
  try {
    await ctx.layer.makeBucket(req.bucket, { objectLock, owner });
  } catch (err) {
    // Someone else's bucket: BucketAlreadyExists; the requester's own: BucketAlreadyOwnedByYou.
    if (err instanceof S3Error && err.code === 'BucketAlreadyOwnedByYou') {
      if ((await bucketOwner(ctx, req.bucket)).id !== owner.id)
        throw new S3Error('BucketAlreadyExists', undefined, { BucketName: req.bucket });
      // AWS's legacy us-east-1 answer: the owner's re-create succeeds (the bucket is left as it is).
      if (ctx.region === 'us-east-1' || ctx.region === '')
        return { status: 200, headers: { location: `/${req.bucket}` } };
    }
    throw err;
  }
  await applyAccess(ctx);
  if (objectLock) {
    const info = await ctx.layer.getBucketInfo(req.bucket);
    if (info.versioning !== 'Enabled') await ctx.layer.setBucketVersioning(req.bucket, 'Enabled');
  }
  return { status: 200, headers: { location: `/${req.bucket}` } };
};
