// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ListUsersResponse, listUsersResponseSchema } from '@stowage/contracts';
import { byName, identityErrorResponses, splitNames } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/** GET /api/v1/users (spec 2 §7): every user with status, policies and groups, sorted by name. */
export function registerListUsers(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.users,
    {
      schema: {
        tags: ['users'],
        summary: 'List users',
        response: { 200: listUsersResponseSchema, ...identityErrorResponses },
      },
    },
    async (request): Promise<ListUsersResponse> => {
      const listed = await request.session.admin.listUsers();
      const users = Object.entries(listed)
        .map(([accessKey, info]) => ({
          accessKey,
          status: info.status,
          policy: splitNames(info.policyName),
          memberOf: [...(info.memberOf ?? [])].sort(),
        }))
        .sort((a, b) => byName(a.accessKey, b.accessKey));
      return { users, total: users.length };
    },
  );
}
