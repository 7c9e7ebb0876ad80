// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { replicationConfigXml } from '../../replication/config.js';
import type { S3Handler } from '../types.js';
import { replicationOf } from './bucket-replication-support.js';

/** S3 API: GetBucketReplication (ReplicationConfigurationNotFoundError when none, as MinIO). */
export const getBucketReplication: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const config = await replicationOf(ctx).config(req.bucket);
  if (!config)
    throw new S3Error('ReplicationConfigurationNotFoundError', undefined, { BucketName: req.bucket });
  return { status: 200, headers: { 'content-type': 'application/xml' }, body: replicationConfigXml(config) };
};
