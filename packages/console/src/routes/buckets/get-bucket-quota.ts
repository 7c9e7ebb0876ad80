// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type BucketQuota,
  bucketQuotaSchema,
  bucketRouteParamsSchema,
} from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { hasErrorCode } from './bucket-route-support.js';

/**
 * GET /api/v1/buckets/{bucket}/quota (spec 1 §7): quota in bytes and its type (admin API:
 * get-bucket-quota). No quota configured answers `{quota: 0, type: ''}` rather than an error.
 */
export function registerGetBucketQuota(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.bucketQuota,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Quota of a bucket',
        params: bucketRouteParamsSchema,
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
      try {
        const q = await request.session.admin.getBucketQuota(request.params.bucket);
        if (!q.quota) return { quota: 0, type: '' };
        return { quota: q.quota, type: q.quotatype === 'fifo' ? 'fifo' : 'hard' };
      } catch (err) {
        if (hasErrorCode(err, 'XMinioAdminNoSuchQuotaConfiguration')) return { quota: 0, type: '' };
        throw err;
      }
    },
  );
}
