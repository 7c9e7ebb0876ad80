// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type BucketPoliciesResponse,
  bucketPoliciesResponseSchema,
  bucketRouteParamsSchema,
} from '@stowage/contracts';
import type { MadminClient } from '@stowage/madmin';
import { readPolicy } from '@stowage/policy';
import type { RouteContext, ZodApp } from '../route-context.js';
import { policyReachesBucket } from './bucket-reach.js';

/** Canned policies that reach the bucket, by name, with their documents. */
export async function policiesReachingBucket(
  admin: MadminClient,
  bucket: string,
): Promise<Array<{ name: string; policy: string }>> {
  const all = await admin.listCannedPolicies();
  return Object.entries(all)
    .filter(([, doc]) => policyReachesBucket(readPolicy(doc), bucket))
    .map(([name, doc]) => ({ name, policy: JSON.stringify(doc) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * GET /api/v1/bucket-policy/{bucket} (spec 1 §2.5 Access Audit, Policies tab): the canned policies that
 * grant S3 access to the bucket (admin API: list-canned-policies, admin:ListUserPolicies).
 */
export function registerListBucketPolicies(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.bucketPolicies,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Policies that give access to a bucket',
        params: bucketRouteParamsSchema,
        response: {
          200: bucketPoliciesResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request): Promise<BucketPoliciesResponse> => ({
      policies: await policiesReachingBucket(request.session.admin, request.params.bucket),
    }),
  );
}
