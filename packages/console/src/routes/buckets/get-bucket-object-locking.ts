// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  bucketObjectLockingSchema,
  bucketRouteParamsSchema,
} from '@stowage/contracts';
import type { ObjectLockInfo } from 'minio';
import { requireCapability } from '../../capabilities/require.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { hasErrorCode } from './bucket-route-support.js';

/** GET /api/v1/buckets/{bucket}/object-locking (spec 1 §3): whether the bucket was created with object lock. */
export function registerGetBucketObjectLocking(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.bucketObjectLocking,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Object locking state of a bucket',
        params: bucketRouteParamsSchema,
        response: {
          200: bucketObjectLockingSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request): Promise<{ object_locking_enabled: boolean }> => {
      requireCapability(request.session, ctx.endpoint, 'object-lock');
      try {
        const lock = await (request.session.s3.getObjectLockConfig(
          request.params.bucket,
        ) as unknown as Promise<ObjectLockInfo>);
        return {
          object_locking_enabled: 'objectLockEnabled' in lock && lock.objectLockEnabled === 'Enabled',
        };
      } catch (err) {
        if (hasErrorCode(err, 'ObjectLockConfigurationNotFoundError', 'NoSuchObjectLockConfiguration')) {
          return { object_locking_enabled: false };
        }
        throw err;
      }
    },
  );
}
