// SPDX-License-Identifier: Apache-2.0
import {
  type AccessRulesResponse,
  accessRulesResponseSchema,
  apiPaths,
  deleteAccessRuleRequestSchema,
} from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { bucketPolicyWriteSchema, changeAccessRule } from './bucket-policy-writes.js';

/**
 * DELETE /api/v1/bucket/{bucket}/access-rules (PROTOCOL-NOTES §6 "Delete = level none; empty → DELETE
 * ?policy"): removes the prefix's anonymous grants; when no statement is left the bucket policy is
 * deleted. Answers with the remaining rules.
 */
export function registerDeleteAccessRule(app: ZodApp, _ctx: RouteContext): void {
  app.delete(
    apiPaths.bucketAccessRules,
    {
      schema: bucketPolicyWriteSchema(
        'Delete an access rule',
        deleteAccessRuleRequestSchema,
        accessRulesResponseSchema,
      ),
    },
    async (request): Promise<AccessRulesResponse> => ({
      accessRules: await changeAccessRule(
        request.session.s3,
        request.params.bucket,
        request.body.prefix,
        null,
      ),
    }),
  );
}
