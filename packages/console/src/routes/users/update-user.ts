// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  nameQuerySchema,
  type User,
  updateUserRequestSchema,
  userSchema,
} from '@stowage/contracts';
import { identityErrorResponses, refuseSelf } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readUser } from './user-view.js';

/**
 * PUT /api/v1/user?name= (spec 2 §7): sets the status (the detail page's immediate toggle and the edit
 * dialog's save, §4), makes the user's groups exactly `groups`, and replaces the policies when given.
 */
export function registerUpdateUser(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.user,
    {
      schema: {
        tags: ['users'],
        summary: 'Update a user’s status, groups and policies',
        querystring: nameQuerySchema,
        body: updateUserRequestSchema,
        response: { 200: userSchema, ...identityErrorResponses },
      },
    },
    async (request): Promise<User> => {
      const admin = request.session.admin;
      const name = request.query.name;
      const { status, groups, policies } = request.body;
      const current = await admin.getUserInfo(name);
      if (status === 'disabled') refuseSelf('disable', name, request.session.accountName);
      const before = new Set(current.memberOf ?? []);
      const after = new Set(groups);
      for (const group of after) {
        if (!before.has(group)) await admin.updateGroupMembers({ group, members: [name], isRemove: false });
      }
      for (const group of before) {
        if (!after.has(group)) await admin.updateGroupMembers({ group, members: [name], isRemove: true });
      }
      if (current.status !== status) await admin.setUserStatus(name, status);
      if (policies !== undefined) await admin.setPolicy([...new Set(policies)], name, false);
      return readUser(admin, name);
    },
  );
}
