// SPDX-License-Identifier: Apache-2.0
import { addPoolRequestSchema, apiPaths } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors, tenantParams } from './operator-route.js';

/** POST /api/v1/namespaces/{ns}/tenants/{name}/pools (spec 3 §7, Expand Tenant): the tenant restarts with it. */
export function registerAddPool(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.tenantPools,
    {
      schema: {
        tags: ['operator'],
        summary: 'Add a pool to a tenant',
        params: tenantParams,
        body: addPoolRequestSchema,
        response: { 204: z.null(), ...operatorErrors },
      },
    },
    async (request, reply) => {
      await driverOf(ctx).addPool(request.params.ns, request.params.tenant, request.body);
      return reply.code(204).send(null);
    },
  );
}
