// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwModifyUserSchema, rgwUidParamsSchema, rgwUserSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses, rgwUserView } from './rgw-helpers.js';

/** PUT /api/v1/rgw/users/:uid: changes display name, email, max buckets or suspends/reenables. */
export function registerUpdateRgwUser(app: ZodApp, ctx: RouteContext): void {
  app.put(
    apiPaths.rgwUser,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Modify a Ceph RGW user',
        params: rgwUidParamsSchema,
        body: rgwModifyUserSchema,
        response: { 200: rgwUserSchema, ...rgwErrorResponses },
      },
    },
    async (request) => {
      const rgw = rgwAdmin(request, ctx);
      const uid = request.params.uid;
      // RGW's modify answers 404 NoSuchUser for an unknown uid rather than creating one.
      return rgwUserView(await rgwCall(() => rgw.modifyUser({ uid, ...request.body })));
    },
  );
}
