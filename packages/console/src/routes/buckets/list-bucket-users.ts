// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  bucketRouteParamsSchema,
  bucketUsersResponseSchema,
} from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { splitPolicyNames } from './bucket-reach.js';
import { policiesReachingBucket } from './list-bucket-policies.js';

/**
 * GET /api/v1/bucket-users/{bucket} (spec 1 §2.5 Access Audit, Users tab): access keys of the users whose
 * own policies, or whose groups' policies, reach the bucket. One list-users call, one call per group and
 * one list of policies — not one call per user.
 */
export function registerListBucketUsers(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.bucketUsers,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Users with access to a bucket',
        params: bucketRouteParamsSchema,
        response: {
          200: bucketUsersResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request): Promise<string[]> => {
      const { admin } = request.session;
      const [reaching, users] = await Promise.all([
        policiesReachingBucket(admin, request.params.bucket),
        admin.listUsers(),
      ]);
      const names = new Set(reaching.map((p) => p.name));
      const groupNames = [...new Set(Object.values(users).flatMap((u) => u.memberOf ?? []))];
      const groups = await Promise.all(
        groupNames.map(async (g) => {
          const desc = await admin.getGroupDescription(g).catch(() => null);
          return [
            g,
            desc !== null && desc.status !== 'disabled' ? splitPolicyNames(desc.policy) : [],
          ] as const;
        }),
      );
      const groupPolicies = new Map(groups);
      return Object.entries(users)
        .filter(([, info]) => info.status !== 'disabled')
        .filter(([, info]) => {
          const own = splitPolicyNames(info.policyName);
          const inherited = (info.memberOf ?? []).flatMap((g) => groupPolicies.get(g) ?? []);
          return [...own, ...inherited].some((p) => names.has(p));
        })
        .map(([accessKey]) => accessKey)
        .sort((a, b) => a.localeCompare(b));
    },
  );
}
