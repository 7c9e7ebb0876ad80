// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type Group, groupSchema, nameQuerySchema } from '@stowage/contracts';
import { identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readGroup } from './group-view.js';

/** GET /api/v1/group?name= (spec 2 §7). */
export function registerGetGroup(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.group,
    {
      schema: {
        tags: ['groups'],
        summary: 'Get a group',
        querystring: nameQuerySchema,
        response: { 200: groupSchema, ...identityErrorResponses },
      },
    },
    async (request): Promise<Group> => readGroup(request.session.admin, request.query.name),
  );
}
