// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type TenantSecurityResponse, tenantSecurityResponseSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors, tenantParams } from './operator-route.js';

/** GET .../tenants/{name}/security (spec 3 §7): autocert and the custom certificates. */
export function registerGetTenantSecurity(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.tenantSecurity,
    {
      schema: {
        tags: ['operator'],
        summary: "A tenant's certificates",
        params: tenantParams,
        response: { 200: tenantSecurityResponseSchema, ...operatorErrors },
      },
    },
    async (request): Promise<TenantSecurityResponse> =>
      driverOf(ctx).getSecurity(request.params.ns, request.params.tenant),
  );
}
