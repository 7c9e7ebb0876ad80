// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/** GET /api/v1/cluster/max-allocatable-memory?num_nodes={n} (MinIO's `maxAllocatableMemResponse`). */
export const maxAllocatableMemoryQuerySchema = z.object({
  num_nodes: z.coerce.number().int().min(1, 'num_nodes must be at least 1'),
});
export const maxAllocatableMemoryResponseSchema = z
  .object({ max_memory: z.number().int().describe('Bytes per node') })
  .meta({ id: 'MaxAllocatableMemoryResponse' });
export type MaxAllocatableMemoryResponse = z.infer<typeof maxAllocatableMemoryResponseSchema>;

/** GET /api/v1/get-parity/{nodes}/{drivesPerServer}: parity choices, e.g. ["EC:4","EC:3","EC:2"]. */
export const parityParamsSchema = z.object({
  nodes: z.coerce.number().int().min(2, 'nodes must be at least 2'),
  drivesPerServer: z.coerce.number().int().min(1, 'drivesPerServer must be at least 1'),
});
export const parityResponseSchema = z.array(z.string()).meta({ id: 'ParityResponse' });
export type ParityResponse = z.infer<typeof parityResponseSchema>;

/** Sizing messages (spec 3 §5), shared by the wizard and the backend. */
export const sizingMessages = {
  poolSize: 'The pool size must be greater than 1Gi',
  drives: 'Number of drives must be at least 1',
  noMemory: 'There is no memory available for the selected number of nodes',
  notEnoughMemory: 'There are not enough memory resources available',
  memoryMin: 'The requested memory size must be greater than 2Gi',
  memoryOverMax:
    'The requested memory is greater than the max available memory for the selected number of nodes',
  invalid: 'Some provided data is invalid, please try again.',
  cannotAllocate: 'We were not able to allocate this server.',
  diskTooSmall: 'Disk Size with this combination would be less than 1Gi, please try another combination',
} as const;
