// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwUserListSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses } from './rgw-helpers.js';

/** GET /api/v1/rgw/users: every RGW user id (Admin Ops metadata listing; needs `metadata=read`). */
export function registerListRgwUsers(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.rgwUsers,
    {
      schema: {
        tags: ['rgw'],
        summary: 'List Ceph RGW users',
        response: { 200: rgwUserListSchema, ...rgwErrorResponses },
      },
    },
    async (request) => {
      const rgw = rgwAdmin(request, ctx);
      const users = await rgwCall(() => rgw.listUsers());
      return { users: users.sort() };
    },
  );
}
