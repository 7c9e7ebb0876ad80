// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  rgwBucketOwnerSchema,
  rgwBucketParamsSchema,
  rgwBucketStatsSchema,
} from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwBucketStatsView, rgwCall, rgwErrorResponses } from './rgw-helpers.js';

/**
 * PUT /api/v1/rgw/buckets/:bucket/owner: links the bucket to another RGW user (RGW unlinks it from the
 * owner it had); answers the bucket's stats with the new owner. DELETE unlinks it from its owner.
 */
export function registerRgwBucketOwner(app: ZodApp, ctx: RouteContext): void {
  app.put(
    apiPaths.rgwBucketOwner,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Give a bucket to another Ceph RGW user',
        params: rgwBucketParamsSchema,
        body: rgwBucketOwnerSchema,
        response: { 200: rgwBucketStatsSchema, ...rgwErrorResponses },
      },
    },
    async (request) => {
      const rgw = rgwAdmin(request, ctx);
      const { bucket } = request.params;
      await rgwCall(() => rgw.getUser(request.body.uid)); // a 404 for an unknown user, before anything moves
      await rgwCall(() => rgw.linkBucket(bucket, request.body.uid));
      return { ...rgwBucketStatsView(await rgwCall(() => rgw.bucketStats(bucket))), linked: true };
    },
  );
  app.delete(
    apiPaths.rgwBucketOwner,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Unlink a bucket from its Ceph RGW owner',
        params: rgwBucketParamsSchema,
        response: { 204: z.null().describe('Unlinked'), ...rgwErrorResponses },
      },
    },
    async (request, reply) => {
      const rgw = rgwAdmin(request, ctx);
      const { bucket } = request.params;
      const stats = await rgwCall(() => rgw.bucketStats(bucket));
      await rgwCall(() => rgw.unlinkBucket(bucket, stats.owner));
      return reply.code(204).send(null);
    },
  );
}
