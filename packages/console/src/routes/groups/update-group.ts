// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type Group,
  groupSchema,
  nameQuerySchema,
  updateGroupRequestSchema,
} from '@stowage/contracts';
import { identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readGroup } from './group-view.js';

/**
 * PUT /api/v1/group?name= (spec 2 §7): the members become exactly `members` (added and removed in one
 * call each) and the status is applied on save (spec 2 §4).
 */
export function registerUpdateGroup(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.group,
    {
      schema: {
        tags: ['groups'],
        summary: 'Update a group’s members and status',
        querystring: nameQuerySchema,
        body: updateGroupRequestSchema,
        response: { 200: groupSchema, ...identityErrorResponses },
      },
    },
    async (request): Promise<Group> => {
      const admin = request.session.admin;
      const group = request.query.name;
      const current = await readGroup(admin, group);
      const wanted = new Set(request.body.members);
      const added = [...wanted].filter((m) => !current.members.includes(m));
      const removed = current.members.filter((m) => !wanted.has(m));
      if (added.length > 0) await admin.updateGroupMembers({ group, members: added, isRemove: false });
      if (removed.length > 0) await admin.updateGroupMembers({ group, members: removed, isRemove: true });
      if (current.status !== request.body.status) await admin.setGroupStatus(group, request.body.status);
      return readGroup(admin, group);
    },
  );
}
