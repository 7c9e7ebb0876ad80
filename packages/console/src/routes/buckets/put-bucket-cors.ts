// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type BucketCors, bucketCorsSchema, bucketRouteParamsSchema } from '@stowage/contracts';
import { requireCapability } from '../../capabilities/require.js';
import { configErrorResponses } from '../configs/config-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { corsXml } from './bucket-cors-xml.js';
import { deleteSubresource, putSubresourceXml } from './bucket-subresource.js';
import { readBucketCors } from './get-bucket-cors.js';

/**
 * PUT /api/v1/buckets/:bucket/cors: replaces the bucket's CORS rules (S3 API: PutBucketCors, which needs
 * Content-MD5); no rule removes the configuration (DeleteBucketCors). Answers the rules as read back.
 */
export function registerPutBucketCors(app: ZodApp, ctx: RouteContext): void {
  app.put(
    apiPaths.bucketCors,
    {
      schema: {
        tags: ['buckets'],
        summary: "Replace a bucket's CORS rules",
        params: bucketRouteParamsSchema,
        body: bucketCorsSchema,
        response: { 200: bucketCorsSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<BucketCors> => {
      requireCapability(request.session, ctx.endpoint, 'cors');
      const { s3 } = request.session;
      const bucketName = request.params.bucket;
      const { rules } = request.body;
      if (rules.length === 0) await deleteSubresource(s3, bucketName, 'cors');
      else await putSubresourceXml(s3, bucketName, 'cors', corsXml(rules));
      return readBucketCors(s3, bucketName);
    },
  );
}
