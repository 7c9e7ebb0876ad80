// SPDX-License-Identifier: Apache-2.0
import {
  type AccessRulesResponse,
  accessRulesResponseSchema,
  apiErrorSchema,
  apiPaths,
  bucketRouteParamsSchema,
} from '@stowage/contracts';
import { listAccessRules } from '../../bucket-policy/access-rules.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readBucketPolicy } from './bucket-route-support.js';

/**
 * GET /api/v1/bucket/{bucket}/access-rules (spec 1 §2.5 Access Rules, PROTOCOL-NOTES §6): each anonymous
 * `bucket/<prefix>*` grant of the bucket policy as `{prefix, access}`.
 */
export function registerListAccessRules(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.bucketAccessRules,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Access rules (anonymous prefix access) of a bucket',
        params: bucketRouteParamsSchema,
        response: {
          200: accessRulesResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request): Promise<AccessRulesResponse> => {
      const { bucket } = request.params;
      const text = await readBucketPolicy(request.session.s3, bucket);
      try {
        return { accessRules: listAccessRules(bucket, text) };
      } catch {
        // A stored policy that is not JSON has no rules the console can show.
        return { accessRules: [] };
      }
    },
  );
}
