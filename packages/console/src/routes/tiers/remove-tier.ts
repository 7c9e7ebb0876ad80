// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, apiPaths } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * DELETE /api/v1/admin/tiers/{name} (beyond spec 2, as `mc ilm tier rm`): madmin RemoveTier. The store
 * refuses a tier that lifecycle rules or transitioned objects still use (XMinioAdminTierInUse), and
 * that refusal reaches the UI with the store's message.
 */
export function registerRemoveTier(app: ZodApp, _ctx: RouteContext): void {
  app.delete(
    apiPaths.tier,
    {
      schema: {
        tags: ['tiers'],
        summary: 'Remove a tier',
        params: z.object({ name: z.string().min(1) }),
        response: {
          204: z.null().describe('Removed'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await request.session.admin.removeTier(request.params.name);
      return reply.code(204).send(null);
    },
  );
}
