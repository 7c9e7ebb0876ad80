// SPDX-License-Identifier: Apache-2.0
import type { BucketUsageInfo, DataUsageInfo } from '@stowage/madmin';
import type { AdminOperation } from '../call.js';

/**
 * Admin API: DataUsageInfo — `GET /datausageinfo` → totals and per-bucket usage kept current by the
 * background scanner (buckets changed since their last scan are measured first).
 */
export const dataUsageInfo: AdminOperation = async (call) => {
  const snapshot = await call.ctx.usage.refresh();
  const bucketsUsageInfo: Record<string, BucketUsageInfo> = {};
  const bucketsSizes: Record<string, number> = {};
  let objectsCount = 0;
  let objectsTotalSize = 0;
  for (const [name, u] of [...snapshot.buckets].sort(([a], [b]) => (a < b ? -1 : 1))) {
    bucketsUsageInfo[name] = {
      size: u.size,
      objectsCount: u.objectsCount,
      versionsCount: u.versionsCount,
      objectsSizesHistogram: u.histogram,
    };
    bucketsSizes[name] = u.size;
    objectsCount += u.objectsCount;
    objectsTotalSize += u.size;
  }
  // What each remote tier holds (lifecycle transitions).
  const tierStats = Object.fromEntries(
    ((await call.ctx.tiers?.stats()) ?? []).map((t) => [
      t.Name,
      {
        totalSize: t.Stats.totalSize ?? 0,
        numVersions: t.Stats.numVersions ?? 0,
        numObjects: t.Stats.numObjects ?? 0,
      },
    ]),
  );
  return call.ok({
    lastUpdate: (snapshot.lastUpdate ?? new Date(0)).toISOString(),
    objectsCount,
    objectsTotalSize,
    bucketsCount: snapshot.buckets.size,
    bucketsUsageInfo,
    bucketsSizes,
    tierStats,
  } satisfies DataUsageInfo);
};
