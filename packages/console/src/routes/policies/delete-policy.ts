// SPDX-License-Identifier: Apache-2.0
import { apiPaths, nameQuerySchema } from '@stowage/contracts';
import { z } from 'zod';
import { identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/** DELETE /api/v1/policy?name= (spec 2 §7). */
export function registerDeletePolicy(app: ZodApp, _ctx: RouteContext): void {
  app.delete(
    apiPaths.policy,
    {
      schema: {
        tags: ['policies'],
        summary: 'Delete a policy',
        querystring: nameQuerySchema,
        response: { 204: z.null().describe('Deleted'), ...identityErrorResponses },
      },
    },
    async (request, reply) => {
      await request.session.admin.removeCannedPolicy(request.query.name);
      return reply.code(204).send(null);
    },
  );
}
