// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import { apiPaths, type BucketCors, bucketCorsSchema, bucketRouteParamsSchema } from '@stowage/contracts';
import { requireCapability } from '../../capabilities/require.js';
import { configErrorResponses } from '../configs/config-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { corsXml } from './bucket-cors-xml.js';
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
      if (rules.length === 0) {
        await s3.makeRequestAsync({ method: 'DELETE', bucketName, query: 'cors' }, '', [200, 204]);
      } else {
        const xml = corsXml(rules);
        const headers = { 'Content-MD5': createHash('md5').update(xml).digest('base64') };
        await s3.makeRequestAsync({ method: 'PUT', bucketName, query: 'cors', headers }, xml, [200]);
      }
      return readBucketCors(s3, bucketName);
    },
  );
}
