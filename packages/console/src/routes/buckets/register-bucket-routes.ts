// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerCreateBucket } from './create-bucket.js';
import { registerDeleteAccessRule } from './delete-access-rule.js';
import { registerDeleteBucket } from './delete-bucket.js';
import { registerGetBucketEncryptionInfo } from './get-bucket-encryption-info.js';
import { registerGetBucketInfo } from './get-bucket-info.js';
import { registerGetBucketObjectLocking } from './get-bucket-object-locking.js';
import { registerGetBucketQuota } from './get-bucket-quota.js';
import { registerGetBucketRetention } from './get-bucket-retention.js';
import { registerGetBucketVersioning } from './get-bucket-versioning.js';
import { registerListAccessRules } from './list-access-rules.js';
import { registerListBucketPolicies } from './list-bucket-policies.js';
import { registerListBucketUsers } from './list-bucket-users.js';
import { registerPutAccessRule } from './put-access-rule.js';
import { registerPutBucketQuota } from './put-bucket-quota.js';
import { registerPutBucketRetention } from './put-bucket-retention.js';
import { registerPutBucketVersioning } from './put-bucket-versioning.js';
import { registerSetBucketEncryption } from './set-bucket-encryption.js';
import { registerSetBucketPolicy } from './set-bucket-policy.js';

/** Bucket management routes of issue 6 (spec 1 §7 "Buckets", access rules); the list route is registered apart. */
export function registerBucketRoutes(app: ZodApp, ctx: RouteContext): void {
  registerCreateBucket(app, ctx);
  registerDeleteBucket(app, ctx);
  registerGetBucketInfo(app, ctx);
  registerSetBucketPolicy(app, ctx);
  registerGetBucketRetention(app, ctx);
  registerPutBucketRetention(app, ctx);
  registerGetBucketVersioning(app, ctx);
  registerPutBucketVersioning(app, ctx);
  registerGetBucketQuota(app, ctx);
  registerPutBucketQuota(app, ctx);
  registerGetBucketObjectLocking(app, ctx);
  registerGetBucketEncryptionInfo(app, ctx);
  registerSetBucketEncryption(app, ctx);
  registerListBucketUsers(app, ctx);
  registerListBucketPolicies(app, ctx);
  registerListAccessRules(app, ctx);
  registerPutAccessRule(app, ctx);
  registerDeleteAccessRule(app, ctx);
}
