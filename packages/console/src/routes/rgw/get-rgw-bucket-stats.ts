// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwBucketParamsSchema, rgwBucketStatsSchema } from '@stowage/contracts';
import { rgwBucketUsage } from '../../clients/rgw-admin/rgw-admin-client.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses, rgwQuotaView } from './rgw-helpers.js';

/** GET /api/v1/rgw/buckets/:bucket/stats: size and object count as RGW's bucket index counts them. */
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
      const usage = rgwBucketUsage(stats);
      return {
        bucket: stats.bucket,
        owner: stats.owner,
        sizeBytes: usage.size,
        objects: usage.objects,
        quota: rgwQuotaView(stats.bucket_quota),
      };
    },
  );
}
