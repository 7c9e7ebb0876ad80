// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  bucketRouteParamsSchema,
  type GetBucketRetentionResponse,
  getBucketRetentionResponseSchema,
} from '@stowage/contracts';
import type { ObjectLockInfo } from 'minio';
import { requireCapability } from '../../capabilities/require.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { hasErrorCode } from './bucket-route-support.js';

/**
 * GET /api/v1/buckets/{bucket}/retention: the bucket's default retention (S3 API:
 * GetObjectLockConfiguration). A bucket without object lock or without a default rule answers
 * `enabled: false` — spec 1 §8 treats a failed retention read as "retention disabled".
 */
export function registerGetBucketRetention(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.bucketRetention,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Default retention of a bucket',
        params: bucketRouteParamsSchema,
        response: {
          200: getBucketRetentionResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request): Promise<GetBucketRetentionResponse> => {
      requireCapability(request.session, ctx.endpoint, 'object-lock');
      try {
        const lock = await (request.session.s3.getObjectLockConfig(
          request.params.bucket,
        ) as unknown as Promise<ObjectLockInfo>);
        if (!('mode' in lock) || lock.mode === undefined) return { enabled: false };
        return {
          enabled: true,
          mode: lock.mode === 'COMPLIANCE' ? 'compliance' : 'governance',
          unit: lock.unit === 'Years' ? 'years' : 'days',
          validity: Number(lock.validity),
        };
      } catch (err) {
        if (hasErrorCode(err, 'ObjectLockConfigurationNotFoundError', 'NoSuchObjectLockConfiguration')) {
          return { enabled: false };
        }
        throw err;
      }
    },
  );
}
