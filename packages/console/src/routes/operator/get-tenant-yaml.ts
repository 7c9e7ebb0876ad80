// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type TenantYaml, tenantYamlSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors, tenantParams } from './operator-route.js';

/** GET /api/v1/namespaces/{ns}/tenants/{name}/yaml (spec 3 §7): the tenant as a Tenant v2 document. */
export function registerGetTenantYaml(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.tenantYaml,
    {
      schema: {
        tags: ['operator'],
        summary: 'The tenant as YAML',
        params: tenantParams,
        response: { 200: tenantYamlSchema, ...operatorErrors },
      },
    },
    async (request): Promise<TenantYaml> => ({
      yaml: await driverOf(ctx).getYaml(request.params.ns, request.params.tenant),
    }),
  );
}
