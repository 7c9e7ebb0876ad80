// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwCreateSubuserSchema, rgwUidParamsSchema, rgwUserSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses, rgwUserView } from './rgw-helpers.js';

/** POST /api/v1/rgw/users/:uid/subusers: a subuser `uid:name` with its access and a Swift key; answers the user. */
export function registerCreateRgwSubuser(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.rgwUserSubusers,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Create a subuser of a Ceph RGW user',
        params: rgwUidParamsSchema,
        body: rgwCreateSubuserSchema,
        response: { 201: rgwUserSchema, ...rgwErrorResponses },
      },
    },
    async (request, reply) => {
      const rgw = rgwAdmin(request, ctx);
      const { uid } = request.params;
      const { name, access } = request.body;
      await rgwCall(() => rgw.getUser(uid)); // an unknown uid is a 404
      await rgwCall(() => rgw.createSubuser(uid, `${uid}:${name}`, access));
      return reply.code(201).send(rgwUserView(await rgwCall(() => rgw.getUser(uid))));
    },
  );
}
