// SPDX-License-Identifier: Apache-2.0
import { apiPaths, nameQuerySchema } from '@stowage/contracts';
import { z } from 'zod';
import { identityErrorResponses, refuseSelf } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * DELETE /api/v1/user?name= (spec 2 §7). Deleting yourself is refused here too, not only hidden in the
 * UI (spec 2 §6). The store also drops the user's service accounts, sessions and memberships.
 */
export function registerDeleteUser(app: ZodApp, _ctx: RouteContext): void {
  app.delete(
    apiPaths.user,
    {
      schema: {
        tags: ['users'],
        summary: 'Delete a user',
        querystring: nameQuerySchema,
        response: { 204: z.null().describe('Deleted'), ...identityErrorResponses },
      },
    },
    async (request, reply) => {
      refuseSelf('delete', request.query.name, request.session.accountName);
      await request.session.admin.removeUser(request.query.name);
      return reply.code(204).send(null);
    },
  );
}
