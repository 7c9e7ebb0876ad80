// SPDX-License-Identifier: Apache-2.0
import { parseReplicationConfig } from '../../replication/config.js';
import type { S3Handler } from '../types.js';
import { replicationOf } from './bucket-replication-support.js';

/**
 * S3 API: PutBucketReplication with MinIO's rule model. The bucket must be versioned and every rule's
 * destination must be a remote target of the bucket (admin set-remote-target).
 */
export const putBucketReplication: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const config = parseReplicationConfig(await req.readBody(1024 * 1024));
  await replicationOf(ctx).setConfig(req.bucket, config);
  return { status: 200 };
};
