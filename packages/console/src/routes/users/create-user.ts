// SPDX-License-Identifier: Apache-2.0
import { apiPaths, createUserRequestSchema, userSchema } from '@stowage/contracts';
import { apiErrors } from '../../errors/api-http-error.js';
import { exists, identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readUser } from './user-view.js';

/**
 * POST /api/v1/users (spec 2 §7): adds the user, then their groups (created when missing) and policies.
 * MinIO's add-user would silently reset an existing user's secret, so an existing name is a 409 here.
 */
export function registerCreateUser(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.users,
    {
      schema: {
        tags: ['users'],
        summary: 'Create a user',
        body: createUserRequestSchema,
        response: { 201: userSchema, ...identityErrorResponses },
      },
    },
    async (request, reply) => {
      const admin = request.session.admin;
      const { accessKey, secretKey, groups, policies } = request.body;
      if (await exists(() => admin.getUserInfo(accessKey), 'XMinioAdminNoSuchUser')) {
        throw apiErrors.conflict('User already exists', `A user named ${accessKey} already exists.`);
      }
      await admin.addUser(accessKey, secretKey, 'enabled');
      for (const group of new Set(groups)) {
        await admin.updateGroupMembers({ group, members: [accessKey], isRemove: false });
      }
      if (policies.length > 0) await admin.setPolicy([...new Set(policies)], accessKey, false);
      return reply.code(201).send(await readUser(admin, accessKey));
    },
  );
}
