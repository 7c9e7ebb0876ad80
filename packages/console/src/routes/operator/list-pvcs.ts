// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ListPvcsResponse, listPvcsResponseSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors } from './operator-route.js';

/** GET /api/v1/list-pvcs (spec 3 §7, Storage > Volumes): every tenant's volumes. */
export function registerListPvcs(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.listPvcs,
    {
      schema: {
        tags: ['operator'],
        summary: "Every tenant's volumes",
        response: { 200: listPvcsResponseSchema, ...operatorErrors },
      },
    },
    async (): Promise<ListPvcsResponse> => ({ pvcs: await driverOf(ctx).listPvcs() }),
  );
}
