// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwQuotaParamsSchema, rgwQuotaSchema, rgwUserSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses, rgwUserView } from './rgw-helpers.js';

/**
 * PUT /api/v1/rgw/users/:uid/quota/:scope: the user's total quota (`user`) or the quota of each of the
 * user's buckets (`bucket`). Answers the user as RGW then keeps it, so the caller sees what took effect.
 */
export function registerSetRgwQuota(app: ZodApp, ctx: RouteContext): void {
  app.put(
    apiPaths.rgwUserQuota,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Set a Ceph RGW user or bucket quota',
        params: rgwQuotaParamsSchema,
        body: rgwQuotaSchema,
        response: { 200: rgwUserSchema, ...rgwErrorResponses },
      },
    },
    async (request) => {
      const rgw = rgwAdmin(request, ctx);
      const { uid, scope } = request.params;
      await rgwCall(() => rgw.getUser(uid)); // an unknown uid is a 404, not a quota on nobody
      await rgwCall(() => rgw.setUserQuota(uid, scope, request.body));
      return rgwUserView(await rgwCall(() => rgw.getUser(uid)));
    },
  );
}
