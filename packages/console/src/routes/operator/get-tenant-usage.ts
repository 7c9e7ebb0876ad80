// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type TenantUsage, tenantUsageSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors, tenantParams } from './operator-route.js';

/** GET /api/v1/namespaces/{ns}/tenants/{name}/usage (spec 3 §7): bytes stored, from the tenant itself. */
export function registerGetTenantUsage(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.tenantUsage,
    {
      schema: {
        tags: ['operator'],
        summary: 'Storage used by a tenant',
        params: tenantParams,
        response: { 200: tenantUsageSchema, ...operatorErrors },
      },
    },
    async (request): Promise<TenantUsage> => {
      const used = await driverOf(ctx).tenantUsage(request.params.ns, request.params.tenant);
      return { used, disk_used: used };
    },
  );
}
