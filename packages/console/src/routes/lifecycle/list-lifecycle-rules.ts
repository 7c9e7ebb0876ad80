// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  bucketRouteParamsSchema,
  type LifecycleRulesResponse,
  lifecycleRulesResponseSchema,
} from '@stowage/contracts';
import { requireCapability } from '../../capabilities/require.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readRules, toLifecycleRule } from './lifecycle-config.js';
import { lifecycleErrorResponses } from './lifecycle-support.js';

/** GET /api/v1/buckets/{bucket}/lifecycle (spec 1 §7): the bucket's rules; none without a configuration. */
export function registerListLifecycleRules(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.bucketLifecycle,
    {
      schema: {
        tags: ['lifecycle'],
        summary: 'Lifecycle rules of a bucket',
        params: bucketRouteParamsSchema,
        response: { 200: lifecycleRulesResponseSchema, ...lifecycleErrorResponses },
      },
    },
    async (request): Promise<LifecycleRulesResponse> => {
      requireCapability(request.session, ctx.endpoint, 'lifecycle');
      const rules = await readRules(request.session.s3, request.params.bucket);
      return { lifecycle: rules.map(toLifecycleRule) };
    },
  );
}
