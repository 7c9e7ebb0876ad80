// SPDX-License-Identifier: Apache-2.0
import { writeLifecycle } from '../../lifecycle/store.js';
import { validateLifecycle } from '../../lifecycle/validate.js';
import { parseLifecycleXml } from '../lifecycle-xml.js';
import type { S3Handler } from '../types.js';

/**
 * S3 API: PutBucketLifecycleConfiguration (replaces the bucket's rules). Transitions must name a
 * configured tier.
 */
export const putBucketLifecycle: S3Handler = async (req, ctx) => {
  const config = parseLifecycleXml(await req.readBody(1024 * 1024));
  await ctx.layer.getBucketInfo(req.bucket);
  validateLifecycle(config, (name) => ctx.tiers?.has(name) ?? false);
  await writeLifecycle(ctx.layer, req.bucket, config);
  return { status: 200 };
};
