import {
  type AccessRulesResponse,
  accessRulesResponseSchema,
  apiErrorSchema,
  apiPaths,
  bucketRouteParamsSchema,
  putAccessRuleRequestSchema,
} from '@stowage/contracts';
import { listAccessRules, withAccessRule } from '../../bucket-policy/access-rules.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readBucketPolicy } from './bucket-route-support.js';

/**
 * PUT /api/v1/bucket/{bucket}/access-rules (spec 1 §2.5, PROTOCOL-NOTES §6): drops the prefix's anonymous
 * grants, adds the ones of the new level, keeps every other statement, and writes the policy back.
 * Answers with the rules as they now read.
 */
export function registerPutAccessRule(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.bucketAccessRules,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Add or change an access rule',
        params: bucketRouteParamsSchema,
        body: putAccessRuleRequestSchema,
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
      const { prefix, access } = request.body;
      const current = await readBucketPolicy(request.session.s3, bucket);
      const next = JSON.stringify(withAccessRule(bucket, current, prefix, access));
      await request.session.s3.setBucketPolicy(bucket, next);
      return { accessRules: listAccessRules(bucket, next) };
    },
  );
}
