// SPDX-License-Identifier: Apache-2.0
import { apiPaths, nameQuerySchema } from '@stowage/contracts';
import { z } from 'zod';
import { identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readGroup } from './group-view.js';

/**
 * DELETE /api/v1/group?name= (spec 2 §7). The admin API deletes only empty groups (PROTOCOL-NOTES §2),
 * so the members are removed first; the user confirmed deleting the group, not emptying it by hand.
 */
export function registerDeleteGroup(app: ZodApp, _ctx: RouteContext): void {
  app.delete(
    apiPaths.group,
    {
      schema: {
        tags: ['groups'],
        summary: 'Delete a group',
        querystring: nameQuerySchema,
        response: { 204: z.null().describe('Deleted'), ...identityErrorResponses },
      },
    },
    async (request, reply) => {
      const admin = request.session.admin;
      const group = request.query.name;
      const current = await readGroup(admin, group);
      if (current.members.length > 0) {
        await admin.updateGroupMembers({ group, members: current.members, isRemove: true });
      }
      await admin.updateGroupMembers({ group, members: [], isRemove: true });
      return reply.code(204).send(null);
    },
  );
}
