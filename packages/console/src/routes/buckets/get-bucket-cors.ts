// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type BucketCors, bucketCorsSchema, bucketRouteParamsSchema } from '@stowage/contracts';
import type * as Minio from 'minio';
import { requireCapability } from '../../capabilities/require.js';
import { configErrorResponses } from '../configs/config-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { parseCorsXml } from './bucket-cors-xml.js';
import { readSubresourceXml } from './bucket-subresource.js';

/** The bucket's CORS rules; none when the bucket has no configuration (NoSuchCORSConfiguration). */
export async function readBucketCors(s3: Minio.Client, bucket: string): Promise<BucketCors> {
  const xml = await readSubresourceXml(s3, bucket, 'cors', 'NoSuchCORSConfiguration');
  return { rules: xml === null ? [] : parseCorsXml(xml) };
}

/** GET /api/v1/buckets/:bucket/cors (S3 API: GetBucketCors; issue 36). */
export function registerGetBucketCors(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.bucketCors,
    {
      schema: {
        tags: ['buckets'],
        summary: "A bucket's CORS rules",
        params: bucketRouteParamsSchema,
        response: { 200: bucketCorsSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<BucketCors> => {
      requireCapability(request.session, ctx.endpoint, 'cors');
      return readBucketCors(request.session.s3, request.params.bucket);
    },
  );
}
