// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerDeleteBucketReplicationRule } from './delete-bucket-replication-rule.js';
import { registerGetBucketReplication } from './get-bucket-replication.js';
import { registerListExternalBuckets } from './list-external-buckets.js';
import { registerSetBucketsReplication } from './set-buckets-replication.js';
import { registerUpdateBucketReplicationRule } from './update-bucket-replication-rule.js';

/** Bucket replication routes (issue 21, spec 1 §7). */
export function registerReplicationRoutes(app: ZodApp, ctx: RouteContext): void {
  registerGetBucketReplication(app, ctx);
  registerDeleteBucketReplicationRule(app, ctx);
  registerSetBucketsReplication(app, ctx);
  registerListExternalBuckets(app, ctx);
  registerUpdateBucketReplicationRule(app, ctx);
}
