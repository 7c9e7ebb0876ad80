// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwDeleteUserQuerySchema, rgwUidParamsSchema } from '@stowage/contracts';
import { z } from 'zod';
import { apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses } from './rgw-helpers.js';

/**
 * DELETE /api/v1/rgw/users/:uid[?purgeData=true]: removes the user; RGW refuses one that still owns
 * buckets unless its data is purged too. Deleting yourself is refused (the session would die with it).
 */
export function registerDeleteRgwUser(app: ZodApp, ctx: RouteContext): void {
  app.delete(
    apiPaths.rgwUser,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Delete a Ceph RGW user',
        params: rgwUidParamsSchema,
        querystring: rgwDeleteUserQuerySchema,
        response: { 204: z.null().describe('Deleted'), ...rgwErrorResponses },
      },
    },
    async (request, reply) => {
      const rgw = rgwAdmin(request, ctx);
      const { uid } = request.params;
      const own = await rgwCall(() => rgw.getUser(uid));
      if (own.keys.some((k) => k.access_key === request.session.credentials.accessKey))
        throw apiErrors.badRequest('You cannot delete the RGW user you are signed in as.');
      await rgwCall(() => rgw.removeUser(uid, request.query.purgeData));
      return reply.code(204).send(null);
    },
  );
}
