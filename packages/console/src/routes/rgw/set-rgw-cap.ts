// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwCapParamsSchema, rgwSetCapSchema, rgwUserSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { refuseOwnCaps, rgwAdmin, rgwCall, rgwErrorResponses, rgwUserView } from './rgw-helpers.js';

/**
 * PUT /api/v1/rgw/users/:uid/caps/:type: the user's permission on one admin resource (`users`, `buckets`,
 * `metadata`, `usage`, …), replacing what it had; answers the user.
 */
export function registerSetRgwCap(app: ZodApp, ctx: RouteContext): void {
  app.put(
    apiPaths.rgwUserCap,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Set a cap of a Ceph RGW user',
        params: rgwCapParamsSchema,
        body: rgwSetCapSchema,
        response: { 200: rgwUserSchema, ...rgwErrorResponses },
      },
    },
    async (request) => {
      const rgw = rgwAdmin(request, ctx);
      const { uid, type } = request.params;
      const user = await rgwCall(() => rgw.getUser(uid));
      refuseOwnCaps(request, user);
      // RGW adds a permission to what the type has: remove it first so the answer is exactly `perm`.
      if (user.caps.some((c) => c.type === type)) await rgwCall(() => rgw.changeCaps(uid, `${type}=*`, true));
      await rgwCall(() => rgw.changeCaps(uid, `${type}=${request.body.perm}`, false));
      return rgwUserView(await rgwCall(() => rgw.getUser(uid)));
    },
  );
}
