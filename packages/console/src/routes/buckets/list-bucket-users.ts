// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  bucketRouteParamsSchema,
  bucketUsersResponseSchema,
} from '@stowage/contracts';
import { parsePolicy } from '@stowage/policy';
import type { RouteContext, ZodApp } from '../route-context.js';
import { bucketPolicyGrantees, splitPolicyNames } from './bucket-reach.js';
import { readBucketPolicy } from './bucket-route-support.js';
import { policiesReachingBucket } from './list-bucket-policies.js';

/**
 * GET /api/v1/bucket-users/{bucket} (spec 1 §2.5 Access Audit, Users tab): access keys of the users whose
 * own policies, or whose groups' policies, reach the bucket, and those the bucket policy grants (it applies
 * to signed users too: everyone under Principal `*`, the users it names by ARN or access key). One list-users call, one call per group and
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
      const { admin, s3 } = request.session;
      const { bucket } = request.params;
      const [reaching, users, bucketPolicy] = await Promise.all([
        policiesReachingBucket(admin, bucket),
        admin.listUsers(),
        readBucketPolicy(s3, bucket).catch(() => ''),
      ]);
      const grantees = bucketGrantees(bucketPolicy, bucket);
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
        .filter(([accessKey, info]) => {
          if (grantees.everyone || grantees.users.has(accessKey)) return true;
          const own = splitPolicyNames(info.policyName);
          const inherited = (info.memberOf ?? []).flatMap((g) => groupPolicies.get(g) ?? []);
          return [...own, ...inherited].some((p) => names.has(p));
        })
        .map(([accessKey]) => accessKey)
        .sort((a, b) => a.localeCompare(b));
    },
  );
}

/** The bucket policy's grantees; nobody when there is none or it does not parse. */
function bucketGrantees(text: string, bucket: string): ReturnType<typeof bucketPolicyGrantees> {
  if (text.trim() === '') return { everyone: false, users: new Set() };
  try {
    return bucketPolicyGrantees(parsePolicy(text, 'bucket'), bucket);
  } catch {
    return { everyone: false, users: new Set() };
  }
}
