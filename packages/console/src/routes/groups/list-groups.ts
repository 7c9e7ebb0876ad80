// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ListGroupsResponse, listGroupsResponseSchema } from '@stowage/contracts';
import { byName, identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/** GET /api/v1/groups (spec 2 §7): group names, sorted. */
export function registerListGroups(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.groups,
    {
      schema: {
        tags: ['groups'],
        summary: 'List groups',
        response: { 200: listGroupsResponseSchema, ...identityErrorResponses },
      },
    },
    async (request): Promise<ListGroupsResponse> => {
      const groups = [...(await request.session.admin.listGroups())].sort(byName);
      return { groups, total: groups.length };
    },
  );
}
