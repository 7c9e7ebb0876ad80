// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ListTenantsResponse, listTenantsResponseSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors } from './operator-route.js';

/** GET /api/v1/tenants (spec 3 §7): every tenant of every namespace. */
export function registerListTenants(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.tenants,
    {
      schema: {
        tags: ['operator'],
        summary: 'List tenants',
        response: { 200: listTenantsResponseSchema, ...operatorErrors },
      },
    },
    async (): Promise<ListTenantsResponse> => {
      const tenants = await driverOf(ctx).listTenants();
      return { tenants, total: tenants.length };
    },
  );
}
