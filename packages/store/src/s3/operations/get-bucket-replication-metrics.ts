import { emptyStats, type TargetStats } from '../../replication/stats.js';
import type { S3Handler } from '../types.js';
import { replicationOf } from './bucket-replication-support.js';

/**
 * MinIO's GetBucketReplicationMetrics (`GET /<bucket>?replication-metrics`): per target (`Stats`, by
 * ARN) and in total, the pending, completed and failed counts and bytes (minio-go replication.Metrics).
 */
export const getBucketReplicationMetrics: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const stats = replicationOf(ctx).bucketStats(req.bucket);
  const wire = (s: TargetStats) => ({
    pendingReplicationCount: s.pendingCount,
    pendingReplicationSize: s.pendingSize,
    replicationCount: s.replicatedCount,
    completedReplicationSize: s.replicatedSize,
    failedReplicationCount: s.failedCount,
    failedReplicationSize: s.failedSize,
  });
  const total = emptyStats();
  const byArn: Record<string, ReturnType<typeof wire>> = {};
  for (const [arn, s] of stats) {
    byArn[arn] = wire(s);
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += s[k];
  }
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Stats: byArn, ...wire(total) }),
  };
};
