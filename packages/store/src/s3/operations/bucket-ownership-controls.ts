// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { objectOwnership, parseOwnershipXml } from '../access/settings.js';
import { xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';

/** S3 API: PutBucketOwnershipControls (BucketOwnerEnforced, BucketOwnerPreferred or ObjectWriter). */
export const putBucketOwnershipControls: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const rule = parseOwnershipXml(await req.readBody(64 * 1024));
  await ctx.layer.putBucketConfig(req.bucket, 'ownership', Buffer.from(JSON.stringify({ rule })));
  return { status: 200 };
};

/** S3 API: GetBucketOwnershipControls (a new bucket's is BucketOwnerEnforced). */
export const getBucketOwnershipControls: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const rule = await objectOwnership(ctx, req.bucket);
  if (!rule) throw new S3Error('OwnershipControlsNotFoundError', undefined, { BucketName: req.bucket });
  return xmlResponse('OwnershipControls', { Rule: { ObjectOwnership: rule } });
};

/** S3 API: DeleteBucketOwnershipControls (ACLs are then enabled, objects owned by their writers). */
export const deleteBucketOwnershipControls: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  await ctx.layer.putBucketConfig(req.bucket, 'ownership', Buffer.from(JSON.stringify({ rule: null })));
  return { status: 204 };
};
