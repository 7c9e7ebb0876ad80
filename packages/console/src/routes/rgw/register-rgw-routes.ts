// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerCreateRgwKey } from './create-rgw-key.js';
import { registerCreateRgwUser } from './create-rgw-user.js';
import { registerDeleteRgwKey } from './delete-rgw-key.js';
import { registerDeleteRgwUser } from './delete-rgw-user.js';
import { registerGetRgwBucketStats } from './get-rgw-bucket-stats.js';
import { registerGetRgwUser } from './get-rgw-user.js';
import { registerListRgwUsers } from './list-rgw-users.js';
import { registerSetRgwQuota } from './set-rgw-quota.js';
import { registerUpdateRgwUser } from './update-rgw-user.js';

/** Ceph RGW's Admin Ops (issue 36), registered in the signed-in scope. */
export function registerRgwRoutes(app: ZodApp, ctx: RouteContext): void {
  registerListRgwUsers(app, ctx);
  registerGetRgwUser(app, ctx);
  registerCreateRgwUser(app, ctx);
  registerUpdateRgwUser(app, ctx);
  registerDeleteRgwUser(app, ctx);
  registerCreateRgwKey(app, ctx);
  registerDeleteRgwKey(app, ctx);
  registerSetRgwQuota(app, ctx);
  registerGetRgwBucketStats(app, ctx);
}
