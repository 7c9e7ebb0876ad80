// SPDX-License-Identifier: Apache-2.0
import { apiPaths, policyEntityNamesSchema, policyNameParamsSchema } from '@stowage/contracts';
import { byName, identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * GET /api/v1/policies/{name}/users and /groups (spec 2 §7): who has the policy, from one
 * `policy-entities?policy=` call (PROTOCOL-NOTES §2). An unknown policy is a 404, not an empty list.
 */
export function registerListPolicyEntities(app: ZodApp, _ctx: RouteContext): void {
  for (const [path, kind] of [
    [apiPaths.policyUsers, 'users'],
    [apiPaths.policyGroups, 'groups'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags: ['policies'],
          summary: `List the ${kind} that have a policy`,
          params: policyNameParamsSchema,
          response: { 200: policyEntityNamesSchema, ...identityErrorResponses },
        },
      },
      async (request): Promise<string[]> => {
        const admin = request.session.admin;
        const name = request.params.name;
        const [, entities] = await Promise.all([
          admin.infoCannedPolicy(name),
          admin.getPolicyEntities({ policy: [name] }),
        ]);
        const mapping = entities.policyMappings?.find((m) => m.policy === name);
        return [...(mapping?.[kind] ?? [])].sort(byName);
      },
    );
  }
}
