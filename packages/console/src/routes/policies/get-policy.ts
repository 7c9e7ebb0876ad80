// SPDX-License-Identifier: Apache-2.0
import { apiPaths, nameQuerySchema, type Policy, policySchema } from '@stowage/contracts';
import { identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readPolicy } from './policy-view.js';

/** GET /api/v1/policy?name= (spec 2 §7): the policy and its document as pretty JSON text. */
export function registerGetPolicy(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.policy,
    {
      schema: {
        tags: ['policies'],
        summary: 'Get a policy',
        querystring: nameQuerySchema,
        response: { 200: policySchema, ...identityErrorResponses },
      },
    },
    async (request): Promise<Policy> => readPolicy(request.session.admin, request.query.name),
  );
}
