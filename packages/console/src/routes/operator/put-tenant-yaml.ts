// SPDX-License-Identifier: Apache-2.0
import { apiPaths, tenantYamlSchema } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors, tenantParams } from './operator-route.js';

/**
 * PUT /api/v1/namespaces/{ns}/tenants/{name}/yaml (spec 3 §7): applies new pools and env (the tenant
 * restarts with them); a malformed or invalid document answers 400 with the reason and changes nothing.
 */
export function registerPutTenantYaml(app: ZodApp, ctx: RouteContext): void {
  app.put(
    apiPaths.tenantYaml,
    {
      schema: {
        tags: ['operator'],
        summary: 'Apply an edited tenant YAML',
        params: tenantParams,
        body: tenantYamlSchema,
        response: { 204: z.null(), ...operatorErrors },
      },
    },
    async (request, reply) => {
      await driverOf(ctx).setYaml(request.params.ns, request.params.tenant, request.body.yaml);
      return reply.code(204).send(null);
    },
  );
}
