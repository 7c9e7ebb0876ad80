// SPDX-License-Identifier: Apache-2.0
import { apiPaths, createGroupRequestSchema, groupSchema } from '@stowage/contracts';
import { apiErrors } from '../../errors/api-http-error.js';
import { exists, identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readGroup } from './group-view.js';

/**
 * POST /api/v1/groups (spec 2 §7): `update-group-members` creates the group with its members. It would
 * quietly add to an existing group, so an existing name is a 409 here.
 */
export function registerCreateGroup(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.groups,
    {
      schema: {
        tags: ['groups'],
        summary: 'Create a group',
        body: createGroupRequestSchema,
        response: { 201: groupSchema, ...identityErrorResponses },
      },
    },
    async (request, reply) => {
      const admin = request.session.admin;
      const { group, members } = request.body;
      if (await exists(() => admin.getGroupDescription(group), 'XMinioAdminNoSuchGroup')) {
        throw apiErrors.conflict('Group already exists', `A group named ${group} already exists.`);
      }
      await admin.updateGroupMembers({ group, members: [...new Set(members)], isRemove: false });
      return reply.code(201).send(await readGroup(admin, group));
    },
  );
}
