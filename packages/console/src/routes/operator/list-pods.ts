// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type TenantPod, tenantPodsSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors, tenantParams } from './operator-route.js';

/** GET .../tenants/{name}/pods (spec 3 §7): the tenant's processes. */
export function registerListPods(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.tenantPods,
    {
      schema: {
        tags: ['operator'],
        summary: "A tenant's pods",
        params: tenantParams,
        response: { 200: tenantPodsSchema, ...operatorErrors },
      },
    },
    async (request): Promise<TenantPod[]> => driverOf(ctx).listPods(request.params.ns, request.params.tenant),
  );
}
