// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  bucketRouteParamsSchema,
  type LifecycleRulesResponse,
  lifecycleRuleRequestSchema,
  lifecycleRulesResponseSchema,
} from '@stowage/contracts';
import { requireCapability } from '../../capabilities/require.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { newRuleId, readRules, toLifecycleRule, toS3Rule, writeRules } from './lifecycle-config.js';
import { lifecycleErrorResponses } from './lifecycle-support.js';

/**
 * POST /api/v1/buckets/{bucket}/lifecycle (spec 1 §7): adds an enabled rule with a new ID to the bucket's
 * configuration; the store validates the whole configuration (an unknown tier is its InvalidArgument).
 */
export function registerAddLifecycleRule(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.bucketLifecycle,
    {
      schema: {
        tags: ['lifecycle'],
        summary: 'Add a lifecycle rule',
        params: bucketRouteParamsSchema,
        body: lifecycleRuleRequestSchema,
        response: { 201: lifecycleRulesResponseSchema, ...lifecycleErrorResponses },
      },
    },
    async (request, reply): Promise<LifecycleRulesResponse> => {
      requireCapability(request.session, ctx.endpoint, 'lifecycle');
      const { s3 } = request.session;
      const { bucket } = request.params;
      const rule = toS3Rule(request.body, newRuleId(), true);
      const rules = [...(await readRules(s3, bucket)), rule];
      await writeRules(s3, bucket, rules);
      reply.code(201);
      return { lifecycle: rules.map(toLifecycleRule) };
    },
  );
}
