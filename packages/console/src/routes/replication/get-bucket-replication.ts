// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketReplication,
  bucketReplicationSchema,
  bucketRouteParamsSchema,
} from '@stowage/contracts';
import { bucketSettingErrorResponses } from '../buckets/bucket-route-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readRules, readStats } from './replication-support.js';

/** GET /api/v1/buckets/{bucket}/replication (spec 1 §7): the rules, and the replication figures. */
export function registerGetBucketReplication(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.bucketReplication,
    {
      schema: {
        tags: ['replication'],
        summary: 'List the replication rules of a bucket',
        params: bucketRouteParamsSchema,
        response: { 200: bucketReplicationSchema, ...bucketSettingErrorResponses },
      },
    },
    async (request): Promise<BucketReplication> => {
      const { bucket } = request.params;
      const rules = await readRules(request.session.s3, bucket);
      const stats = await readStats(request.session.s3, bucket);
      return { rules: rules.sort((a, b) => a.priority - b.priority), ...(stats ? { stats } : {}) };
    },
  );
}
