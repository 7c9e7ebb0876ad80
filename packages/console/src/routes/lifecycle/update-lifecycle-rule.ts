// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type LifecycleRulesResponse,
  lifecycleRuleParamsSchema,
  lifecycleRulesResponseSchema,
  updateLifecycleRuleRequestSchema,
} from '@stowage/contracts';
import { requireCapability } from '../../capabilities/require.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readRules, replaceRule, toLifecycleRule, toS3Rule, writeRules } from './lifecycle-config.js';
import { lifecycleErrorResponses } from './lifecycle-support.js';

/**
 * PUT /api/v1/buckets/{bucket}/lifecycle/{ruleId} (spec 1 §7: disable, tags; spec 1 §4 "Lifecycle rule
 * edit": the switch, the type, by date or days): rewrites that rule, keeps its ID and the other rules.
 */
export function registerUpdateLifecycleRule(app: ZodApp, ctx: RouteContext): void {
  app.put(
    apiPaths.bucketLifecycleRule,
    {
      schema: {
        tags: ['lifecycle'],
        summary: 'Change a lifecycle rule',
        params: lifecycleRuleParamsSchema,
        body: updateLifecycleRuleRequestSchema,
        response: { 200: lifecycleRulesResponseSchema, ...lifecycleErrorResponses },
      },
    },
    async (request): Promise<LifecycleRulesResponse> => {
      requireCapability(request.session, ctx.endpoint, 'lifecycle');
      const { s3 } = request.session;
      const { bucket, ruleId } = request.params;
      const next = toS3Rule(request.body, ruleId, request.body.disable !== true);
      const rules = replaceRule(await readRules(s3, bucket), ruleId, next);
      await writeRules(s3, bucket, rules);
      return { lifecycle: rules.map(toLifecycleRule) };
    },
  );
}
