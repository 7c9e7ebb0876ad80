// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwCreateSwiftKeySchema, rgwSubuserParamsSchema, rgwUserSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses, rgwUserView, rgwUserWithSubuser } from './rgw-helpers.js';

/**
 * PUT /api/v1/rgw/users/:uid/subusers/:subuser/swift-key: the subuser's Swift key (Admin Ops `key` with
 * `key-type=swift`), the secret given or generated; it replaces the key the subuser had. Answers the user.
 */
export function registerCreateRgwSwiftKey(app: ZodApp, ctx: RouteContext): void {
  app.put(
    apiPaths.rgwSubuserSwiftKey,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Set the Swift key of a Ceph RGW subuser',
        params: rgwSubuserParamsSchema,
        body: rgwCreateSwiftKeySchema,
        response: { 200: rgwUserSchema, ...rgwErrorResponses },
      },
    },
    async (request) => {
      const rgw = rgwAdmin(request, ctx);
      const { uid, subuser } = request.params;
      await rgwUserWithSubuser(rgw, uid, subuser);
      await rgwCall(() => rgw.createSwiftKey(uid, subuser, request.body.secretKey));
      return rgwUserView(await rgwCall(() => rgw.getUser(uid)));
    },
  );
}
