// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type BucketTags, bucketRouteParamsSchema, bucketTagsSchema } from '@stowage/contracts';
import type * as Minio from 'minio';
import { requireCapability } from '../../capabilities/require.js';
import { configErrorResponses } from '../configs/config-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { hasErrorCode } from './bucket-route-support.js';

/** The bucket's tags; none when it has no tag set (S3 API: GetBucketTagging → NoSuchTagSet). */
async function readBucketTags(s3: Minio.Client, bucket: string): Promise<BucketTags> {
  try {
    const tags = await s3.getBucketTagging(bucket);
    return { tags: Object.fromEntries(tags.map((t) => [t.Key, t.Value])) };
  } catch (err) {
    if (hasErrorCode(err, 'NoSuchTagSet')) return { tags: {} };
    throw err;
  }
}

/**
 * GET and PUT /api/v1/buckets/:bucket/tags (S3 API: Get/Put/DeleteBucketTagging; issue 36): PUT replaces
 * the whole set, and no tag removes it. Refused with 501 and the reason where sign-in found no `?tagging`.
 */
export function registerBucketTagsRoutes(app: ZodApp, ctx: RouteContext): void {
  const schema = (summary: string) => ({
    tags: ['buckets'],
    summary,
    params: bucketRouteParamsSchema,
    response: { 200: bucketTagsSchema, ...configErrorResponses },
  });
  app.get(apiPaths.bucketTags, { schema: schema("A bucket's tags") }, async (request) => {
    requireCapability(request.session, ctx.endpoint, 'tagging');
    return readBucketTags(request.session.s3, request.params.bucket);
  });
  app.put(
    apiPaths.bucketTags,
    { schema: { ...schema("Replace a bucket's tags"), body: bucketTagsSchema } },
    async (request) => {
      requireCapability(request.session, ctx.endpoint, 'tagging');
      const { s3 } = request.session;
      const { bucket } = request.params;
      const { tags } = request.body;
      if (Object.keys(tags).length === 0) await s3.removeBucketTagging(bucket);
      else await s3.setBucketTagging(bucket, tags);
      return readBucketTags(s3, bucket);
    },
  );
}
