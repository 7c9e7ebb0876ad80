// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerCreateGroup } from './create-group.js';
import { registerDeleteGroup } from './delete-group.js';
import { registerGetGroup } from './get-group.js';
import { registerListGroups } from './list-groups.js';
import { registerUpdateGroup } from './update-group.js';

/** The group calls of spec 2 §7, registered in the signed-in scope. */
export function registerGroupRoutes(app: ZodApp, ctx: RouteContext): void {
  registerListGroups(app, ctx);
  registerGetGroup(app, ctx);
  registerCreateGroup(app, ctx);
  registerUpdateGroup(app, ctx);
  registerDeleteGroup(app, ctx);
}
