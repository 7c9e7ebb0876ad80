// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwUidParamsSchema, rgwUserSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses, rgwUserView } from './rgw-helpers.js';

/** GET /api/v1/rgw/users/:uid: the user with keys, caps and quotas. */
export function registerGetRgwUser(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.rgwUser,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Get a Ceph RGW user',
        params: rgwUidParamsSchema,
        response: { 200: rgwUserSchema, ...rgwErrorResponses },
      },
    },
    async (request) => {
      const rgw = rgwAdmin(request, ctx);
      return rgwUserView(await rgwCall(() => rgw.getUser(request.params.uid)));
    },
  );
}
