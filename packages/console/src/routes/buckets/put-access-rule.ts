// SPDX-License-Identifier: Apache-2.0
import {
  type AccessRulesResponse,
  accessRulesResponseSchema,
  apiPaths,
  putAccessRuleRequestSchema,
} from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { bucketPolicyWriteSchema, changeAccessRule } from './bucket-policy-writes.js';

/**
 * PUT /api/v1/bucket/{bucket}/access-rules (spec 1 §2.5, PROTOCOL-NOTES §6): drops the prefix's anonymous
 * grants, adds the ones of the new level, keeps every other statement, and writes the policy back.
 * Answers with the rules as they now read.
 */
export function registerPutAccessRule(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.bucketAccessRules,
    {
      schema: bucketPolicyWriteSchema(
        'Add or change an access rule',
        putAccessRuleRequestSchema,
        accessRulesResponseSchema,
      ),
    },
    async (request): Promise<AccessRulesResponse> => {
      const { prefix, access } = request.body;
      return {
        accessRules: await changeAccessRule(request.session.s3, request.params.bucket, prefix, access),
      };
    },
  );
}
