// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type HasPermissionResponse,
  hasPermissionRequestSchema,
  hasPermissionResponseSchema,
} from '@stowage/contracts';
import { canDo } from '../../permissions/evaluate.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * POST /api/v1/has-permission (spec 1 §3 "Permission check", §6): for each asked action and bucket,
 * whether the signed-in identity's policy allows it. Used to show or enable buttons; the store still
 * authorizes every real request.
 */
export function registerHasPermission(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.hasPermission,
    {
      schema: {
        tags: ['auth'],
        summary: 'Check actions against the signed-in identity',
        body: hasPermissionRequestSchema,
        response: { 200: hasPermissionResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<HasPermissionResponse> => {
      const { policy, variables } = await ctx.identities.get(request.session);
      return {
        permissions: request.body.actions.map((a) => ({
          id: a.id,
          can: canDo(policy, a.action, a.bucket_name, variables),
        })),
      };
    },
  );
}
