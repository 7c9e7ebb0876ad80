import {
  type AccessRulesResponse,
  accessRulesResponseSchema,
  apiErrorSchema,
  apiPaths,
  bucketRouteParamsSchema,
  deleteAccessRuleRequestSchema,
} from '@stowage/contracts';
import { listAccessRules, withAccessRule } from '../../bucket-policy/access-rules.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readBucketPolicy } from './bucket-route-support.js';

/**
 * DELETE /api/v1/bucket/{bucket}/access-rules (PROTOCOL-NOTES §6 "Delete = level none; empty → DELETE
 * ?policy"): removes the prefix's anonymous grants; when no statement is left the bucket policy is
 * deleted. Answers with the remaining rules.
 */
export function registerDeleteAccessRule(app: ZodApp, _ctx: RouteContext): void {
  app.delete(
    apiPaths.bucketAccessRules,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Delete an access rule',
        params: bucketRouteParamsSchema,
        body: deleteAccessRuleRequestSchema,
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
      const current = await readBucketPolicy(request.session.s3, bucket);
      const next = withAccessRule(bucket, current, request.body.prefix, null);
      // minio's setBucketPolicy with '' sends DELETE ?policy.
      await request.session.s3.setBucketPolicy(
        bucket,
        next.Statement.length === 0 ? '' : JSON.stringify(next),
      );
      return {
        accessRules: next.Statement.length === 0 ? [] : listAccessRules(bucket, JSON.stringify(next)),
      };
    },
  );
}
