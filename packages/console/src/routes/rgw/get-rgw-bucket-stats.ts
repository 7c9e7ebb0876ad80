// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwBucketParamsSchema, rgwBucketStatsSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwBucketStatsView, rgwCall, rgwErrorResponses } from './rgw-helpers.js';

/**
 * GET /api/v1/rgw/buckets/:bucket/stats: size and object count as RGW's bucket index counts them, and
 * whether the bucket is on its owner's bucket list (an unlinked bucket keeps its owner but is off the list).
 */
export function registerGetRgwBucketStats(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.rgwBucketStats,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Size and objects of a bucket on Ceph RGW',
        params: rgwBucketParamsSchema,
        response: { 200: rgwBucketStatsSchema, ...rgwErrorResponses },
      },
    },
    async (request) => {
      const rgw = rgwAdmin(request, ctx);
      const stats = await rgwCall(() => rgw.bucketStats(request.params.bucket));
      const linked = (await rgwCall(() => rgw.userBuckets(stats.owner))).includes(stats.bucket);
      return { ...rgwBucketStatsView(stats), linked };
    },
  );
}
