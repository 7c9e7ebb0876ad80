// SPDX-License-Identifier: Apache-2.0
import type { NotificationRule } from '../../notify/bucket-rules.js';
import { notificationXmlContent } from '../notification-xml.js';
import { xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';

/** S3 API: GetBucketNotificationConfiguration (an empty configuration when none is set). */
export const getBucketNotification: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const raw = await ctx.layer.getBucketConfig(req.bucket, 'notification');
  const rules = raw ? (JSON.parse(raw.toString('utf8')) as NotificationRule[]) : [];
  return xmlResponse('NotificationConfiguration', notificationXmlContent(rules));
};
