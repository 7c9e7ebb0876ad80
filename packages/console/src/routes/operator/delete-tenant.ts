// SPDX-License-Identifier: Apache-2.0
import { apiPaths } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors, tenantParams } from './operator-route.js';

/** DELETE /api/v1/namespaces/{ns}/tenants/{name} (spec 3 §7): stops its process, removes its folders. */
export function registerDeleteTenant(app: ZodApp, ctx: RouteContext): void {
  app.delete(
    apiPaths.tenant,
    {
      schema: {
        tags: ['operator'],
        summary: 'Delete a tenant',
        params: tenantParams,
        response: { 204: z.null(), ...operatorErrors },
      },
    },
    async (request, reply) => {
      await driverOf(ctx).deleteTenant(request.params.ns, request.params.tenant);
      return reply.code(204).send(null);
    },
  );
}
