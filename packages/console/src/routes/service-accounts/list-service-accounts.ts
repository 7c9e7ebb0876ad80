// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ServiceAccountList,
  serviceAccountListSchema,
  userParamsSchema,
} from '@stowage/contracts';
import { byName, identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * GET /api/v1/service-accounts (the caller's own) and GET /api/v1/user/{user}/service-accounts (spec 2 §7):
 * access keys, sorted. `{user}` is one encoded path segment, so names with slashes work.
 */
export function registerListServiceAccounts(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.serviceAccounts,
    {
      schema: {
        tags: ['service-accounts'],
        summary: 'List my service accounts',
        response: { 200: serviceAccountListSchema, ...identityErrorResponses },
      },
    },
    async (request): Promise<ServiceAccountList> =>
      [...(await request.session.admin.listServiceAccounts()).accounts].sort(byName),
  );
  app.get(
    apiPaths.userServiceAccounts,
    {
      schema: {
        tags: ['service-accounts'],
        summary: 'List the service accounts of a user',
        params: userParamsSchema,
        response: { 200: serviceAccountListSchema, ...identityErrorResponses },
      },
    },
    async (request): Promise<ServiceAccountList> => {
      const admin = request.session.admin;
      // The store answers an unknown user with an empty list; say 404 instead.
      await admin.getUserInfo(request.params.user);
      return [...(await admin.listServiceAccounts(request.params.user)).accounts].sort(byName);
    },
  );
}
