// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

const MiB = 1024 * 1024;

/**
 * The query of `GET /ws/speedtest` (Tools → Performance): object size in bytes, seconds of each PUT and
 * GET phase, concurrent requests, autotune (raise the concurrency until throughput stops rising), and
 * whether the drives are measured afterwards.
 */
export const speedtestQuerySchema = z
  .object({
    size: z.coerce
      .number()
      .int()
      .min(4096, 'Object size must be at least 4 KiB')
      .max(1024 * MiB, 'Object size must be at most 1 GiB')
      .default(64 * MiB),
    duration: z.coerce
      .number()
      .int()
      .min(2, 'Duration must be at least 2 seconds')
      .max(300, 'Duration must be at most 300 seconds')
      .default(10),
    concurrent: z.coerce
      .number()
      .int()
      .min(1, 'Concurrency must be at least 1')
      .max(256, 'Concurrency must be at most 256')
      .default(8),
    autotune: z.enum(['true', 'false']).default('false'),
    drive: z.enum(['true', 'false']).default('true'),
  })
  .meta({ id: 'SpeedtestQuery' });
export type SpeedtestQuery = z.input<typeof speedtestQuerySchema>;

/** One server's figures in a phase. */
export const speedtestServerSchema = z.object({
  endpoint: z.string(),
  throughputPerSec: z.number(),
  objectsPerSec: z.number(),
  err: z.string(),
});

/** A PUT or GET phase: bytes and objects per second, request latency (and time to first byte), ns. */
export const speedtestPhaseSchema = z.object({
  throughputPerSec: z.number(),
  objectsPerSec: z.number(),
  latencyP50Ns: z.number().optional(),
  latencyP99Ns: z.number().optional(),
  ttfbP50Ns: z.number().optional(),
  servers: z.array(speedtestServerSchema),
});
export type SpeedtestPhase = z.infer<typeof speedtestPhaseSchema>;

/** One drive's sequential write and read (bytes/s). */
export const speedtestDriveSchema = z.object({
  path: z.string(),
  writeThroughput: z.number(),
  readThroughput: z.number(),
  error: z.string().optional(),
});

/**
 * Messages of `/ws/speedtest`: the object test's figures as they come (the running step's and each
 * finished step's; the last `object` message is the result), then one `drive` message per server.
 */
export const speedtestMessageSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('object'),
      size: z.number(),
      concurrent: z.number(),
      servers: z.number(),
      disks: z.number(),
      put: speedtestPhaseSchema,
      get: speedtestPhaseSchema,
    }),
    z.object({
      type: z.literal('drive'),
      endpoint: z.string(),
      drives: z.array(speedtestDriveSchema),
    }),
  ])
  .meta({ id: 'SpeedtestMessage' });
export type SpeedtestMessage = z.infer<typeof speedtestMessageSchema>;
