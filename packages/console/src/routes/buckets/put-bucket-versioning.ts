// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketVersioning,
  bucketRouteParamsSchema,
  bucketVersioningSchema,
  setBucketVersioningRequestSchema,
} from '@stowage/contracts';
import { requireCapability } from '../../capabilities/require.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { bucketSettingErrorResponses, requireDistributed } from './bucket-route-support.js';

/**
 * PUT /api/v1/buckets/{bucket}/versioning (spec 1 §4 "Versioning toggle"): true enables, false suspends —
 * existing versions stay (the UI warns about that). A locked bucket cannot be suspended: the store says
 * InvalidBucketState (→ 400).
 */
export function registerPutBucketVersioning(app: ZodApp, ctx: RouteContext): void {
  app.put(
    apiPaths.bucketVersioning,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Enable or suspend versioning',
        params: bucketRouteParamsSchema,
        body: setBucketVersioningRequestSchema,
        response: {
          200: bucketVersioningSchema,
          ...bucketSettingErrorResponses,
        },
      },
    },
    async (request): Promise<BucketVersioning> => {
      requireCapability(request.session, ctx.endpoint, 'versioning');
      await requireDistributed(ctx, request, ['versioning']);
      const status = request.body.versioning ? 'Enabled' : 'Suspended';
      await request.session.s3.setBucketVersioning(request.params.bucket, { Status: status });
      return { is_versioned: status === 'Enabled', status };
    },
  );
}
