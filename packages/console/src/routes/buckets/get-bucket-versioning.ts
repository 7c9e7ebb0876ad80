// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type BucketVersioning,
  bucketRouteParamsSchema,
  bucketVersioningSchema,
} from '@stowage/contracts';
import { requireCapability } from '../../capabilities/require.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/** GET /api/v1/buckets/{bucket}/versioning (spec 1 §3 "Versioning: is_versioned"; S3 API: GetBucketVersioning). */
export function registerGetBucketVersioning(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.bucketVersioning,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Versioning state of a bucket',
        params: bucketRouteParamsSchema,
        response: {
          200: bucketVersioningSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request): Promise<BucketVersioning> => {
      requireCapability(request.session, ctx.endpoint, 'versioning');
      const config = await request.session.s3.getBucketVersioning(request.params.bucket);
      const status = (config as { Status?: unknown } | undefined)?.Status;
      const normalized = status === 'Enabled' || status === 'Suspended' ? status : 'Off';
      return { is_versioned: normalized === 'Enabled', status: normalized };
    },
  );
}
