// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  bucketRouteParamsSchema,
  type GetBucketRetentionResponse,
  getBucketRetentionResponseSchema,
  putBucketRetentionRequestSchema,
} from '@stowage/contracts';
import { requireCapability } from '../../capabilities/require.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { bucketSettingErrorResponses, requireDistributed } from './bucket-route-support.js';

/**
 * PUT /api/v1/buckets/{bucket}/retention (spec 1 §7): sets the default retention (S3 API:
 * PutObjectLockConfiguration). Only buckets created with object locking accept it; the store answers
 * InvalidBucketState (→ 400) for the others.
 */
export function registerPutBucketRetention(app: ZodApp, ctx: RouteContext): void {
  app.put(
    apiPaths.bucketRetention,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Set the default retention of a bucket',
        params: bucketRouteParamsSchema,
        body: putBucketRetentionRequestSchema,
        response: {
          200: getBucketRetentionResponseSchema,
          ...bucketSettingErrorResponses,
        },
      },
    },
    async (request): Promise<GetBucketRetentionResponse> => {
      requireCapability(request.session, ctx.endpoint, 'object-lock');
      await requireDistributed(ctx, request, ['retention']);
      const { mode, unit, validity } = request.body;
      await request.session.s3.setObjectLockConfig(request.params.bucket, {
        mode: mode === 'compliance' ? 'COMPLIANCE' : 'GOVERNANCE',
        unit: unit === 'days' ? 'Days' : 'Years',
        validity,
      });
      return { enabled: true, mode, unit, validity };
    },
  );
}
