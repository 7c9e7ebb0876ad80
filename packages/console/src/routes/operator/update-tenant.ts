// SPDX-License-Identifier: Apache-2.0
import { apiPaths, updateTenantRequestSchema } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors, tenantParams } from './operator-route.js';

/** PUT /api/v1/namespaces/{ns}/tenants/{name} (spec 3 §7): the image update (refused by the local driver). */
export function registerUpdateTenant(app: ZodApp, ctx: RouteContext): void {
  app.put(
    apiPaths.tenant,
    {
      schema: {
        tags: ['operator'],
        summary: "Update a tenant's image",
        params: tenantParams,
        body: updateTenantRequestSchema,
        response: { 204: z.null(), ...operatorErrors },
      },
    },
    async (request, reply) => {
      const { ns, tenant } = request.params;
      const driver = driverOf(ctx);
      const image = request.body.image ?? (await driver.getTenant(ns, tenant)).image;
      await driver.updateImage(ns, tenant, image);
      return reply.code(204).send(null);
    },
  );
}
