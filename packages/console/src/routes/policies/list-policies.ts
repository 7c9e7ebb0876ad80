// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ListPoliciesResponse,
  listPoliciesQuerySchema,
  listPoliciesResponseSchema,
} from '@stowage/contracts';
import { byName, identityErrorResponses, policyText } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/** GET /api/v1/policies?limit= (spec 2 §7, §9 limit 1000): policies sorted by name, with their JSON. */
export function registerListPolicies(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.policies,
    {
      schema: {
        tags: ['policies'],
        summary: 'List policies',
        querystring: listPoliciesQuerySchema,
        response: { 200: listPoliciesResponseSchema, ...identityErrorResponses },
      },
    },
    async (request): Promise<ListPoliciesResponse> => {
      const listed = await request.session.admin.listCannedPolicies();
      const names = Object.keys(listed).sort(byName);
      return {
        policies: names
          .slice(0, request.query.limit)
          .map((name) => ({ name, policy: policyText(listed[name]) })),
        total: names.length,
      };
    },
  );
}
