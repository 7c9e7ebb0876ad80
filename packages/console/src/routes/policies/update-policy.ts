// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type Policy,
  policyNameParamsSchema,
  policySchema,
  updatePolicyRequestSchema,
} from '@stowage/contracts';
import { identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readPolicy } from './policy-view.js';

/**
 * PUT /api/v1/policies/{name}: saves the JSON of an existing policy (issue 8; the spec does not show the
 * call). The policy must exist (404 otherwise), so a typo cannot create a new one; the store validates
 * the document (400 XMinioMalformedIAMPolicy). Names are one encoded path segment (`%2F` for `/`).
 */
export function registerUpdatePolicy(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.policyByName,
    {
      schema: {
        tags: ['policies'],
        summary: 'Save the document of an existing policy',
        params: policyNameParamsSchema,
        body: updatePolicyRequestSchema,
        response: { 200: policySchema, ...identityErrorResponses },
      },
    },
    async (request): Promise<Policy> => {
      const admin = request.session.admin;
      const name = request.params.name;
      await admin.infoCannedPolicy(name);
      await admin.addCannedPolicy(name, request.body.policy);
      return readPolicy(admin, name);
    },
  );
}
