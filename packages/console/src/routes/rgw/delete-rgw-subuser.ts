// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwSubuserParamsSchema } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses, rgwUserWithSubuser } from './rgw-helpers.js';

/** DELETE /api/v1/rgw/users/:uid/subusers/:subuser (`uid:name`): removes the subuser and its keys. */
export function registerDeleteRgwSubuser(app: ZodApp, ctx: RouteContext): void {
  app.delete(
    apiPaths.rgwUserSubuser,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Remove a subuser of a Ceph RGW user',
        params: rgwSubuserParamsSchema,
        response: { 204: z.null().describe('Removed'), ...rgwErrorResponses },
      },
    },
    async (request, reply) => {
      const rgw = rgwAdmin(request, ctx);
      const { uid, subuser } = request.params;
      await rgwUserWithSubuser(rgw, uid, subuser);
      await rgwCall(() => rgw.removeSubuser(uid, subuser));
      return reply.code(204).send(null);
    },
  );
}
