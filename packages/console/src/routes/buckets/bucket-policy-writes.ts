// SPDX-License-Identifier: Apache-2.0
import {
  type AccessRule,
  type AccessRuleLevel,
  apiErrorSchema,
  bucketRouteParamsSchema,
} from '@stowage/contracts';
import type * as Minio from 'minio';
import type { z } from 'zod';
import { listAccessRules, withAccessRule } from '../../bucket-policy/access-rules.js';
import { readBucketPolicy } from './bucket-route-support.js';

/**
 * What the routes that change a bucket's policy share (access rules PUT/DELETE, set-policy): their
 * schema, and the read-modify-write of the access rules inside the policy.
 */

/** The schema of a route that changes the policy of the bucket in its path, answering `reply` on 200. */
export function bucketPolicyWriteSchema<B extends z.ZodType, R extends z.ZodType>(
  summary: string,
  body: B,
  reply: R,
) {
  return {
    tags: ['buckets'],
    summary,
    params: bucketRouteParamsSchema,
    body,
    response: {
      200: reply,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
    },
  };
}

/**
 * Sets (or with `null`, removes) the access rule of one prefix: reads the bucket policy, rewrites the
 * prefix's anonymous grants keeping every other statement, and writes it back — deleting the policy when
 * no statement is left (minio's setBucketPolicy with '' sends DELETE ?policy). Returns the rules as they
 * now read.
 */
export async function changeAccessRule(
  s3: Minio.Client,
  bucket: string,
  prefix: string,
  level: AccessRuleLevel | null,
): Promise<AccessRule[]> {
  const current = await readBucketPolicy(s3, bucket);
  const next = withAccessRule(bucket, current, prefix, level);
  const text = next.Statement.length === 0 ? '' : JSON.stringify(next);
  await s3.setBucketPolicy(bucket, text);
  return text === '' ? [] : listAccessRules(bucket, text);
}
