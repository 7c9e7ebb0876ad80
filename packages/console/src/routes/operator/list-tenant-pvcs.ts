// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ListPvcsResponse, listPvcsResponseSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors, tenantParams } from './operator-route.js';

/** GET .../tenants/{name}/pvcs (spec 3 §7): the tenant's drive folders as volume claims. */
export function registerListTenantPvcs(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.tenantPvcs,
    {
      schema: {
        tags: ['operator'],
        summary: "A tenant's volumes",
        params: tenantParams,
        response: { 200: listPvcsResponseSchema, ...operatorErrors },
      },
    },
    async (request): Promise<ListPvcsResponse> => ({
      pvcs: await driverOf(ctx).listPvcs(request.params.ns, request.params.tenant),
    }),
  );
}
