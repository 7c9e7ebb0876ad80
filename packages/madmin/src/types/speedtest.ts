// SPDX-License-Identifier: Apache-2.0
// Wire types of the speedtest calls (madmin-go perf-object.go, perf-drive.go, timings.go).
import { z } from 'zod';

/** Latency figures of a set of requests, each in nanoseconds (madmin `Timings`, Go durations). */
export const timingsSchema = z.object({
  avg: z.number(),
  p50: z.number(),
  p75: z.number(),
  p95: z.number(),
  p99: z.number(),
  p999: z.number(),
  l5p: z.number(),
  s5p: z.number(),
  max: z.number(),
  min: z.number(),
  sdev: z.number(),
  range: z.number(),
});
export type Timings = z.infer<typeof timingsSchema>;

/** One server's throughput in a speedtest phase. */
export const speedTestStatServerSchema = z.object({
  endpoint: z.string(),
  throughputPerSec: z.number(),
  objectsPerSec: z.number(),
  err: z.string(),
});
export type SpeedTestStatServer = z.infer<typeof speedTestStatServerSchema>;

/** PUT or GET figures of a speedtest: the whole deployment's and each server's. */
export const speedTestStatsSchema = z.object({
  throughputPerSec: z.number(),
  objectsPerSec: z.number(),
  responseTime: timingsSchema.partial().optional(),
  ttfb: timingsSchema.partial().optional(),
  servers: z.array(speedTestStatServerSchema).nullable(),
});
export type SpeedTestStats = z.infer<typeof speedTestStatsSchema>;

/**
 * One value of the `POST /speedtest` stream. The server sends one whenever it has figures (and, while it
 * has none yet, empty ones to keep the connection alive: `version` is then empty). The last is the result.
 */
export const speedTestResultSchema = z.object({
  version: z.string(),
  servers: z.number(),
  disks: z.number(),
  size: z.number(),
  concurrent: z.number(),
  PUTStats: speedTestStatsSchema,
  GETStats: speedTestStatsSchema,
});
export type SpeedTestResult = z.infer<typeof speedTestResultSchema>;

/** Options of the object speedtest (madmin `SpeedtestOpts`). */
export interface SpeedtestOpts {
  /** Object size in bytes. */
  size: number;
  concurrency: number;
  /** Milliseconds of each PUT and GET phase. */
  durationMs: number;
  /** Raise the concurrency until the throughput stops rising. */
  autotune?: boolean;
  bucket?: string;
}

/** One drive's sequential write and read throughput (bytes/s). */
export const drivePerfSchema = z.object({
  path: z.string(),
  readThroughput: z.number(),
  writeThroughput: z.number(),
  error: z.string().optional(),
});
export type DrivePerf = z.infer<typeof drivePerfSchema>;

/** One value of the `POST /speedtest/drive` stream; empty ones (no endpoint) keep the connection alive. */
export const driveSpeedTestResultSchema = z.object({
  version: z.string(),
  endpoint: z.string(),
  drivePerf: z.array(drivePerfSchema).optional(),
  /** madmin-go's JSON tag for the error is `string`. */
  string: z.string().optional(),
});
export type DriveSpeedTestResult = z.infer<typeof driveSpeedTestResultSchema>;

/** Options of the drive speedtest (madmin `DriveSpeedTestOpts`). */
export interface DriveSpeedTestOpts {
  /** One drive at a time. */
  serial?: boolean;
  /** Bytes per write and read (default 4 MiB). */
  blockSize: number;
  /** Bytes written and read back per drive (default 1 GiB). */
  fileSize: number;
}
