// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import type { S3Handler } from '../types.js';
import { replicationOf } from './bucket-replication-support.js';

/**
 * MinIO's ResetBucketReplicationStatus (`GET /<bucket>?replication-reset-status[&arn=]`): the resync
 * status of every target of the bucket that was resynced (or of `arn` alone), as minio-go's
 * ResyncTargetsInfo. A bucket without a replication configuration answers
 * ReplicationConfigurationNotFoundError, as MinIO.
 */
export const getBucketReplicationResetStatus: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const repl = replicationOf(ctx);
  if (!(await repl.config(req.bucket)))
    throw new S3Error('ReplicationConfigurationNotFoundError', undefined, { BucketName: req.bucket });
  const targets = repl.resyncs.status(req.bucket, req.query.get('arn') ?? '');
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(targets.length > 0 ? { target: targets } : {}),
  };
};
