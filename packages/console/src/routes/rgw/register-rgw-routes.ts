// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerCheckRgwBucketIndex } from './check-rgw-bucket-index.js';
import { registerCreateRgwKey } from './create-rgw-key.js';
import { registerCreateRgwSubuser } from './create-rgw-subuser.js';
import { registerCreateRgwSwiftKey } from './create-rgw-swift-key.js';
import { registerCreateRgwUser } from './create-rgw-user.js';
import { registerDeleteRgwCap } from './delete-rgw-cap.js';
import { registerDeleteRgwKey } from './delete-rgw-key.js';
import { registerDeleteRgwSubuser } from './delete-rgw-subuser.js';
import { registerDeleteRgwSwiftKey } from './delete-rgw-swift-key.js';
import { registerDeleteRgwUser } from './delete-rgw-user.js';
import { registerGetRgwBucketStats } from './get-rgw-bucket-stats.js';
import { registerGetRgwCapacity } from './get-rgw-capacity.js';
import { registerGetRgwUsage } from './get-rgw-usage.js';
import { registerGetRgwUser } from './get-rgw-user.js';
import { registerListRgwUserBuckets } from './list-rgw-user-buckets.js';
import { registerListRgwUsers } from './list-rgw-users.js';
import { registerRgwBucketOwner } from './set-rgw-bucket-owner.js';
import { registerSetRgwCap } from './set-rgw-cap.js';
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
  registerCreateRgwSubuser(app, ctx);
  registerDeleteRgwSubuser(app, ctx);
  registerSetRgwCap(app, ctx);
  registerDeleteRgwCap(app, ctx);
  registerRgwBucketOwner(app, ctx);
  registerCheckRgwBucketIndex(app, ctx);
  registerGetRgwUsage(app, ctx);
  registerGetRgwCapacity(app, ctx);
  registerCreateRgwSwiftKey(app, ctx);
  registerDeleteRgwSwiftKey(app, ctx);
  registerListRgwUserBuckets(app, ctx);
}
