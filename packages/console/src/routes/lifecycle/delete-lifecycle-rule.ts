// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type LifecycleRulesResponse,
  lifecycleRuleParamsSchema,
  lifecycleRulesResponseSchema,
} from '@stowage/contracts';
import { requireCapability } from '../../capabilities/require.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readRules, replaceRule, toLifecycleRule, writeRules } from './lifecycle-config.js';
import { lifecycleErrorResponses } from './lifecycle-support.js';

/**
 * DELETE /api/v1/buckets/{bucket}/lifecycle/{ruleId} (beyond the spec, issue 19): removes one rule; the
 * last one removes the bucket's lifecycle configuration.
 */
export function registerDeleteLifecycleRule(app: ZodApp, ctx: RouteContext): void {
  app.delete(
    apiPaths.bucketLifecycleRule,
    {
      schema: {
        tags: ['lifecycle'],
        summary: 'Delete a lifecycle rule',
        params: lifecycleRuleParamsSchema,
        response: { 200: lifecycleRulesResponseSchema, ...lifecycleErrorResponses },
      },
    },
    async (request): Promise<LifecycleRulesResponse> => {
      requireCapability(request.session, ctx.endpoint, 'lifecycle');
      const { s3 } = request.session;
      const { bucket, ruleId } = request.params;
      const rules = replaceRule(await readRules(s3, bucket), ruleId, undefined);
      await writeRules(s3, bucket, rules);
      return { lifecycle: rules.map(toLifecycleRule) };
    },
  );
}
