// SPDX-License-Identifier: Apache-2.0
import { validateRules, withIds } from '../../notify/bucket-rules.js';
import { parseNotificationXml } from '../notification-xml.js';
import type { S3Handler } from '../types.js';

/**
 * S3 API: PutBucketNotificationConfiguration. Replaces the bucket's rules; every ARN must name a
 * configured notification target, and rules for one target must not overlap (InvalidArgument with the
 * reason otherwise). An empty configuration removes them.
 */
export const putBucketNotification: S3Handler = async (req, ctx) => {
  const rules = withIds(parseNotificationXml(await req.readBody(256 * 1024)));
  await ctx.layer.getBucketInfo(req.bucket);
  validateRules(rules, ctx.notify?.arns() ?? new Set());
  await ctx.layer.putBucketConfig(
    req.bucket,
    'notification',
    rules.length === 0 ? null : Buffer.from(JSON.stringify(rules)),
  );
  return { status: 200 };
};
