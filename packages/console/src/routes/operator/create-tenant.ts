// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type CreateTenantResponse,
  createTenantRequestSchema,
  createTenantResponseSchema,
} from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors } from './operator-route.js';

/**
 * POST /api/v1/tenants (spec 3 §7): creates a tenant and answers once it serves, with its root keys (and
 * built-in users' keys) for the credentials modal — shown this once.
 */
export function registerCreateTenant(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.tenants,
    {
      schema: {
        tags: ['operator'],
        summary: 'Create a tenant',
        body: createTenantRequestSchema,
        response: { 200: createTenantResponseSchema, ...operatorErrors },
      },
    },
    async (request): Promise<CreateTenantResponse> => driverOf(ctx).createTenant(request.body),
  );
}
