// SPDX-License-Identifier: Apache-2.0
import { apiPaths, nameQuerySchema, type User, userSchema } from '@stowage/contracts';
import { identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readUser } from './user-view.js';

/** GET /api/v1/user?name= (spec 2 §7). The name goes in the query, so names with slashes need no care. */
export function registerGetUser(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.user,
    {
      schema: {
        tags: ['users'],
        summary: 'Get a user',
        querystring: nameQuerySchema,
        response: { 200: userSchema, ...identityErrorResponses },
      },
    },
    async (request): Promise<User> => readUser(request.session.admin, request.query.name),
  );
}
