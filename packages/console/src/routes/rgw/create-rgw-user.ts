// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwCreateUserSchema, rgwUserSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses, rgwUserView } from './rgw-helpers.js';

/** POST /api/v1/rgw/users: creates a user with a generated S3 key pair (answered in the body). */
export function registerCreateRgwUser(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.rgwUsers,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Create a Ceph RGW user',
        body: rgwCreateUserSchema,
        response: { 201: rgwUserSchema, ...rgwErrorResponses },
      },
    },
    async (request, reply) => {
      const rgw = rgwAdmin(request, ctx);
      const user = await rgwCall(() => rgw.createUser(request.body));
      return reply.code(201).send(rgwUserView(user));
    },
  );
}
