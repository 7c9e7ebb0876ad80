// SPDX-License-Identifier: Apache-2.0
import { failuresWithin, type TargetStats } from '../../replication/stats.js';
import type { S3Handler } from '../types.js';
import { replicationOf } from './bucket-replication-support.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** minio-go's TimedErrStats: failures of the last minute, the last hour and since the start. */
function failedWire(s: TargetStats) {
  const m = failuresWithin(s, MINUTE_MS);
  const h = failuresWithin(s, HOUR_MS);
  return {
    lastMinute: { count: m.count, bytes: m.bytes },
    lastHour: { count: h.count, bytes: h.bytes },
    totals: { count: s.totalFailedCount, bytes: s.totalFailedSize },
  };
}

/** minio-go's TargetMetrics (the older fields and the newer ones side by side). */
function targetWire(s: TargetStats, bandwidthLimit: number) {
  return {
    pendingReplicationCount: s.pendingCount,
    pendingReplicationSize: s.pendingSize,
    replicationCount: s.replicatedCount,
    completedReplicationSize: s.replicatedSize,
    failedReplicationCount: s.failedCount,
    failedReplicationSize: s.failedSize,
    failed: failedWire(s),
    limitInBits: bandwidthLimit,
  };
}

function sum(all: TargetStats[], pick: (s: TargetStats) => number): number {
  return all.reduce((n, s) => n + pick(s), 0);
}

/**
 * MinIO's GetBucketReplicationMetrics (`GET /<bucket>?replication-metrics`): per target (`Stats`, by
 * ARN) and in total, the pending, completed and failed counts and bytes (minio-go replication.Metrics);
 * with `?replication-metrics=2` MinIO's MetricsV2 (`uptime`, `currStats` — the same figures —,
 * `queueStats` of this one node, `downtimeInfo`), as GetBucketReplicationMetricsV2 reads it.
 */
export const getBucketReplicationMetrics: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const repl = replicationOf(ctx);
  const stats = repl.bucketStats(req.bucket);
  const limits = new Map(
    (await repl.targets.list(req.bucket)).map((t) => [t.arn ?? '', t.bandwidthlimit ?? 0]),
  );
  const all = [...stats.values()];
  const byArn: Record<string, ReturnType<typeof targetWire>> = {};
  for (const [arn, s] of stats) byArn[arn] = targetWire(s, limits.get(arn) ?? 0);
  const failures = all.map(failedWire);
  const rstat = (pick: (f: ReturnType<typeof failedWire>) => { count: number; bytes: number }) => ({
    count: failures.reduce((n, f) => n + pick(f).count, 0),
    bytes: failures.reduce((n, f) => n + pick(f).bytes, 0),
  });
  const queue = {
    curr: { count: sum(all, (s) => s.pendingCount), bytes: sum(all, (s) => s.pendingSize) },
    peak: { count: sum(all, (s) => s.peakPendingCount), bytes: sum(all, (s) => s.peakPendingSize) },
  };
  const current = {
    Stats: byArn,
    pendingReplicationCount: queue.curr.count,
    pendingReplicationSize: queue.curr.bytes,
    replicationCount: sum(all, (s) => s.replicatedCount),
    completedReplicationSize: sum(all, (s) => s.replicatedSize),
    failedReplicationCount: sum(all, (s) => s.failedCount),
    failedReplicationSize: sum(all, (s) => s.failedSize),
    failed: {
      lastMinute: rstat((f) => f.lastMinute),
      lastHour: rstat((f) => f.lastHour),
      totals: rstat((f) => f.totals),
    },
    queued: queue,
  };
  let body: unknown = current;
  if (req.query.get('replication-metrics') === '2') {
    const uptime = Math.floor((Date.now() - ctx.startedAt.getTime()) / 1000);
    body = {
      uptime,
      currStats: current,
      queueStats: {
        nodes: [
          {
            nodeName: new URL(ctx.url).host,
            uptime,
            queueStats: queue,
            errors: {
              last1m: current.failed.lastMinute.count,
              last1hr: current.failed.lastHour.count,
              total: current.failed.totals.count,
            },
          },
        ],
      },
      downtimeInfo: {},
    };
  }
  return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
};
