// SPDX-License-Identifier: Apache-2.0
import { apiPaths, createPolicyRequestSchema, policySchema } from '@stowage/contracts';
import { apiErrors } from '../../errors/api-http-error.js';
import { exists, identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readPolicy } from './policy-view.js';

/**
 * POST /api/v1/policies (spec 2 §7): a new policy. `add-canned-policy` would replace an existing one, so
 * an existing name is a 409 (the JSON tab's Save is the way to change a policy).
 */
export function registerCreatePolicy(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.policies,
    {
      schema: {
        tags: ['policies'],
        summary: 'Create a policy',
        body: createPolicyRequestSchema,
        response: { 201: policySchema, ...identityErrorResponses },
      },
    },
    async (request, reply) => {
      const admin = request.session.admin;
      const name = request.body.name.trim();
      if (await exists(() => admin.infoCannedPolicy(name), 'XMinioAdminNoSuchPolicy')) {
        throw apiErrors.conflict('Policy already exists', `A policy named ${name} already exists.`);
      }
      await admin.addCannedPolicy(name, request.body.policy);
      return reply.code(201).send(await readPolicy(admin, name));
    },
  );
}
