// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwUidParamsSchema, rgwUserBucketsSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwBucketStatsView, rgwCall, rgwErrorResponses } from './rgw-helpers.js';

/**
 * GET /api/v1/rgw/users/:uid/buckets: the buckets on the user's list with their size and objects (one
 * `GET /admin/bucket?uid=&stats=true`): what the user's quota counts, seen by an administrator who cannot
 * list another user's buckets through S3.
 */
export function registerListRgwUserBuckets(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.rgwUserBuckets,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Buckets of a Ceph RGW user, with their stats',
        params: rgwUidParamsSchema,
        response: { 200: rgwUserBucketsSchema, ...rgwErrorResponses },
      },
    },
    async (request) => {
      const rgw = rgwAdmin(request, ctx);
      const { uid } = request.params;
      await rgwCall(() => rgw.getUser(uid)); // an unknown uid is a 404, not an empty list
      const all = await rgwCall(() => rgw.userBucketStats(uid));
      return {
        buckets: all
          .map((s) => ({ ...rgwBucketStatsView(s), linked: true }))
          .sort((a, b) => a.bucket.localeCompare(b.bucket)),
      };
    },
  );
}
