// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/**
 * The profiler types of Tools → Profile: `cpu` (a `.cpuprofile`), `mem` (a sampling heap profile of the
 * allocations over the time, `.heapprofile`) and `heap` (a heap snapshot taken at Stop, `.heapsnapshot`),
 * all opened by Chrome DevTools. MinIO's Go-only types (block, mutex, goroutines, …) are not offered.
 */
export const profilerTypeSchema = z.enum(['cpu', 'mem', 'heap']);
export type ProfilerTypeName = z.infer<typeof profilerTypeSchema>;

/** `POST /api/v1/admin/profile/start`: the types to profile (at least one). */
export const profileStartRequestSchema = z
  .object({
    types: z.array(profilerTypeSchema).min(1, 'Choose at least one profile type'),
  })
  .meta({ id: 'ProfileStartRequest' });
export type ProfileStartRequest = z.infer<typeof profileStartRequestSchema>;

/** The answer of a start: each server and whether its profilers started (the reason when not). */
export const profileStartResponseSchema = z
  .object({
    nodes: z.array(z.object({ nodeName: z.string(), success: z.boolean(), error: z.string() })),
  })
  .meta({ id: 'ProfileStartResponse' });
export type ProfileStartResponse = z.infer<typeof profileStartResponseSchema>;
