// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerBulkAddUsersToGroups } from './bulk-add-users-to-groups.js';
import { registerCreateUser } from './create-user.js';
import { registerDeleteUser } from './delete-user.js';
import { registerGetUser } from './get-user.js';
import { registerListUsers } from './list-users.js';
import { registerUpdateUser } from './update-user.js';

/** The user calls of spec 2 §7, registered in the signed-in scope. */
export function registerUserRoutes(app: ZodApp, ctx: RouteContext): void {
  registerListUsers(app, ctx);
  registerGetUser(app, ctx);
  registerCreateUser(app, ctx);
  registerUpdateUser(app, ctx);
  registerDeleteUser(app, ctx);
  registerBulkAddUsersToGroups(app, ctx);
}
