// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ListTenantsResponse, listTenantsResponseSchema } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors } from './operator-route.js';

/** GET /api/v1/namespaces/{ns}/tenants (spec 3 §7): the wizard checks a namespace has none. */
export function registerListNamespaceTenants(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.namespaceTenants,
    {
      schema: {
        tags: ['operator'],
        summary: 'List the tenants of a namespace',
        params: z.object({ ns: z.string().min(1) }),
        response: { 200: listTenantsResponseSchema, ...operatorErrors },
      },
    },
    async (request): Promise<ListTenantsResponse> => {
      const tenants = await driverOf(ctx).listTenants(request.params.ns);
      return { tenants, total: tenants.length };
    },
  );
}
