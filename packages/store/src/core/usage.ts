// SPDX-License-Identifier: Apache-2.0
/**
 * The bucket-usage contract between the background scanner (../background/scanner.ts, which implements
 * it) and the handlers that read it: S3 hard-quota enforcement and the admin usage/info calls.
 */

/** Usage of one bucket as last measured. */
export interface BucketUsage {
  /** Bytes of all stored versions (delete markers excluded). */
  size: number;
  /** Latest versions that are not delete markers. */
  objectsCount: number;
  /** All versions that are not delete markers. */
  versionsCount: number;
  deleteMarkersCount: number;
  /** Latest objects by size. */
  histogram: Record<string, number>;
  lastUpdate: Date;
}

/** Every bucket's figures at one moment. */
export interface DataUsageSnapshot {
  /** When the last full scan finished (null before the first). */
  lastUpdate: Date | null;
  buckets: Map<string, BucketUsage>;
}

/** What hard-quota enforcement asks: a bucket's current size. */
export interface UsageProvider {
  /** Bytes currently stored in the bucket (all versions), as last measured plus writes since. */
  bucketSize(bucket: string): Promise<number>;
}

/** The usage figures of every bucket, kept current by a background scanner. */
export interface UsageScanner extends UsageProvider {
  /** Current figures (never waits for a scan). */
  snapshot(): DataUsageSnapshot;
  /** Rescans buckets changed or not measured since their last scan; forgets deleted ones. */
  refresh(): Promise<DataUsageSnapshot>;
  /** Scans every bucket now. */
  scanAll(): Promise<DataUsageSnapshot>;
  /** Scans one bucket now; null when it does not exist. */
  scanBucket(bucket: string): Promise<BucketUsage | null>;
}
