// SPDX-License-Identifier: Apache-2.0
import { Gauge, type Registry } from 'prom-client';
import { failuresWithin, type ReplicationStats, type TargetStats } from './stats.js';

/**
 * Bucket replication in the store's Prometheus metrics (`/minio/v2/metrics/bucket`), under MinIO's v2
 * names and labels (`bucket`, `targetArn`): what waits, what was sent, what failed (in the last
 * minute, hour and since the start) and the latency of the last delivery, read at scrape time.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

const FIGURES: [name: string, help: string, value: (s: TargetStats) => number][] = [
  ['pending_count', 'Total number of replication operations pending', (s) => s.pendingCount],
  ['pending_bytes', 'Total number of bytes pending to replicate', (s) => s.pendingSize],
  ['sent_count', 'Total number of objects replicated to the target', (s) => s.replicatedCount],
  ['sent_bytes', 'Total number of bytes replicated to the target', (s) => s.replicatedSize],
  [
    'total_failed_count',
    'Total number of objects which failed replication since server start',
    (s) => s.totalFailedCount,
  ],
  [
    'total_failed_bytes',
    'Total number of bytes failed at least once to replicate since server start',
    (s) => s.totalFailedSize,
  ],
  [
    'last_minute_failed_count',
    'Total number of objects which failed replication in the last full minute',
    (s) => failuresWithin(s, MINUTE_MS).count,
  ],
  [
    'last_minute_failed_bytes',
    'Total number of bytes failed at least once to replicate in the last full minute',
    (s) => failuresWithin(s, MINUTE_MS).bytes,
  ],
  [
    'last_hour_failed_count',
    'Total number of objects which failed replication in the last full hour',
    (s) => failuresWithin(s, HOUR_MS).count,
  ],
  [
    'last_hour_failed_bytes',
    'Total number of bytes failed at least once to replicate in the last full hour',
    (s) => failuresWithin(s, HOUR_MS).bytes,
  ],
];

export function registerReplicationMetrics(registry: Registry, stats: ReplicationStats): void {
  const each = (fn: (bucket: string, arn: string, s: TargetStats) => void): void => {
    for (const bucket of stats.buckets()) for (const [arn, s] of stats.bucket(bucket)) fn(bucket, arn, s);
  };
  for (const [name, help, value] of FIGURES) {
    new Gauge({
      name: `minio_bucket_replication_${name}`,
      help,
      labelNames: ['bucket', 'targetArn'],
      registers: [registry],
      collect() {
        this.reset();
        each((bucket, targetArn, s) => this.set({ bucket, targetArn }, value(s)));
      },
    });
  }
  new Gauge({
    name: 'minio_bucket_replication_latency_ms',
    help: 'Replication latency in milliseconds (queued to delivered, of the last object sent)',
    labelNames: ['bucket', 'operation', 'targetArn'],
    registers: [registry],
    collect() {
      this.reset();
      each((bucket, targetArn, s) => {
        if (s.replicatedCount > 0) this.set({ bucket, operation: 'upload', targetArn }, s.lastLatencyMs);
      });
    },
  });
}
