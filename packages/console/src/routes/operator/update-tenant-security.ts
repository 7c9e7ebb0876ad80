// SPDX-License-Identifier: Apache-2.0
import { apiPaths, updateTenantSecurityRequestSchema } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors, tenantParams } from './operator-route.js';

/** POST .../tenants/{name}/security (spec 3 §7, Save and Restart): new certificates, then a restart. */
export function registerUpdateTenantSecurity(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.tenantSecurity,
    {
      schema: {
        tags: ['operator'],
        summary: "Save a tenant's certificates and restart it",
        params: tenantParams,
        body: updateTenantSecurityRequestSchema,
        response: { 204: z.null(), ...operatorErrors },
      },
    },
    async (request, reply) => {
      await driverOf(ctx).setSecurity(request.params.ns, request.params.tenant, request.body);
      return reply.code(204).send(null);
    },
  );
}
