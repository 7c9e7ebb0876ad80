// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type MaxAllocatableMemoryResponse,
  maxAllocatableMemoryQuerySchema,
  maxAllocatableMemoryResponseSchema,
} from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors } from './operator-route.js';

/** GET /api/v1/cluster/max-allocatable-memory?num_nodes= (spec 3 §7): memory per node. */
export function registerGetMaxAllocatableMemory(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.maxAllocatableMemory,
    {
      schema: {
        tags: ['operator'],
        summary: 'Memory one node may request',
        querystring: maxAllocatableMemoryQuerySchema,
        response: { 200: maxAllocatableMemoryResponseSchema, ...operatorErrors },
      },
    },
    async (request): Promise<MaxAllocatableMemoryResponse> => ({
      max_memory: await driverOf(ctx).maxAllocatableMemory(request.query.num_nodes),
    }),
  );
}
