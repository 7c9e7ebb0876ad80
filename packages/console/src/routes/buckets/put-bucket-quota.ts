// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type BucketQuota,
  bucketQuotaSchema,
  bucketRouteParamsSchema,
  setBucketQuotaRequestSchema,
} from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { requireDistributed } from './bucket-route-support.js';

/**
 * PUT /api/v1/buckets/{bucket}/quota (spec 1 §7): `enabled: false` clears the quota (admin API:
 * set-bucket-quota with 0); otherwise `amount` bytes of type hard (enforced on upload) or fifo.
 */
export function registerPutBucketQuota(app: ZodApp, ctx: RouteContext): void {
  app.put(
    apiPaths.bucketQuota,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Set or clear the quota of a bucket',
        params: bucketRouteParamsSchema,
        body: setBucketQuotaRequestSchema,
        response: {
          200: bucketQuotaSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request): Promise<BucketQuota> => {
      const { enabled, amount, quota_type } = request.body;
      if (enabled) await requireDistributed(ctx, request, ['quota']);
      const { bucket } = request.params;
      await request.session.admin.setBucketQuota(
        bucket,
        enabled ? { quota: amount, quotatype: quota_type } : { quota: 0 },
      );
      return enabled ? { quota: amount, type: quota_type } : { quota: 0, type: '' };
    },
  );
}
