// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwCapParamsSchema } from '@stowage/contracts';
import { z } from 'zod';
import { apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { refuseOwnCaps, rgwAdmin, rgwCall, rgwErrorResponses } from './rgw-helpers.js';

/** DELETE /api/v1/rgw/users/:uid/caps/:type: takes the cap away. */
export function registerDeleteRgwCap(app: ZodApp, ctx: RouteContext): void {
  app.delete(
    apiPaths.rgwUserCap,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Remove a cap of a Ceph RGW user',
        params: rgwCapParamsSchema,
        response: { 204: z.null().describe('Removed'), ...rgwErrorResponses },
      },
    },
    async (request, reply) => {
      const rgw = rgwAdmin(request, ctx);
      const { uid, type } = request.params;
      const user = await rgwCall(() => rgw.getUser(uid));
      refuseOwnCaps(request, user);
      if (!user.caps.some((c) => c.type === type))
        throw apiErrors.notFound(`The RGW user ${uid} has no ${type} cap.`);
      await rgwCall(() => rgw.changeCaps(uid, `${type}=*`, true));
      return reply.code(204).send(null);
    },
  );
}
