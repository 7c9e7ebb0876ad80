// SPDX-License-Identifier: Apache-2.0
// Wire types of server pools and their decommission (madmin-go decommission-commands.go).
import { z } from 'zod';

/** madmin's PoolDecommissionInfo: a pool's decommission, running or ended. */
export const poolDecommissionInfoSchema = z.object({
  startTime: z.string(),
  startSize: z.number(),
  totalSize: z.number(),
  currentSize: z.number(),
  complete: z.boolean(),
  failed: z.boolean(),
  canceled: z.boolean(),
  objectsDecommissioned: z.number().optional(),
  objectsDecommissionedFailed: z.number().optional(),
  bytesDecommissioned: z.number().optional(),
  bytesDecommissionedFailed: z.number().optional(),
});
export type PoolDecommissionInfo = z.infer<typeof poolDecommissionInfoSchema>;

/** madmin's PoolStatus: `GET /pools/status` answer and each entry of `GET /pools/list`. */
export const poolStatusSchema = z.object({
  id: z.number(),
  cmdline: z.string(),
  lastUpdate: z.string(),
  decommissionInfo: poolDecommissionInfoSchema.optional(),
});
export type PoolStatus = z.infer<typeof poolStatusSchema>;
