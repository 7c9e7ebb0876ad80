// SPDX-License-Identifier: Apache-2.0
// Wire types of the realtime metrics stream (madmin-go metrics.go): the scanner's part only.
import { z } from 'zod';

/** madmin's ScannerMetrics: the scanner's cycle counter and when its recent cycles completed. */
export const scannerMetricsSchema = z.object({
  collected: z.string().optional(),
  current_cycle: z.number().optional(),
  current_started: z.string().optional(),
  cycle_complete_times: z.array(z.string()).nullable().optional(),
  ilm_ops: z.record(z.string(), z.number()).optional(),
});
export type ScannerMetrics = z.infer<typeof scannerMetricsSchema>;

/** One RealtimeMetrics sample as streamed by `GET /metrics` (other metric kinds are passed through). */
export const realtimeMetricsSchema = z.object({
  hosts: z.array(z.string()).nullable().optional(),
  aggregated: z.object({ scanner: scannerMetricsSchema.optional() }).passthrough().optional(),
  final: z.boolean().optional(),
});
export type RealtimeMetrics = z.infer<typeof realtimeMetricsSchema>;
