// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type TenantDetail, tenantDetailSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors, tenantParams } from './operator-route.js';

/** GET /api/v1/namespaces/{ns}/tenants/{name} (spec 3 §7): the tenant with its health read from itself. */
export function registerGetTenant(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.tenant,
    {
      schema: {
        tags: ['operator'],
        summary: 'Tenant details',
        params: tenantParams,
        response: { 200: tenantDetailSchema, ...operatorErrors },
      },
    },
    async (request): Promise<TenantDetail> =>
      driverOf(ctx).getTenant(request.params.ns, request.params.tenant),
  );
}
