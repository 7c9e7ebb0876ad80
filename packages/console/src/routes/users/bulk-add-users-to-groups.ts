// SPDX-License-Identifier: Apache-2.0
import { apiPaths, bulkAddUsersToGroupsRequestSchema } from '@stowage/contracts';
import { z } from 'zod';
import { identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * PUT /api/v1/users-groups-bulk (spec 2 §4, §7): adds every listed user to every listed group (groups
 * that do not exist yet are created), one `update-group-members` call per group.
 */
export function registerBulkAddUsersToGroups(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.usersGroupsBulk,
    {
      schema: {
        tags: ['users', 'groups'],
        summary: 'Add users to groups',
        body: bulkAddUsersToGroupsRequestSchema,
        response: { 204: z.null().describe('Added'), ...identityErrorResponses },
      },
    },
    async (request, reply) => {
      const members = [...new Set(request.body.users)];
      for (const group of new Set(request.body.groups)) {
        await request.session.admin.updateGroupMembers({ group, members, isRemove: false });
      }
      return reply.code(204).send(null);
    },
  );
}
