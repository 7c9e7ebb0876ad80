// SPDX-License-Identifier: Apache-2.0
import { apiPaths, setPolicyRequestSchema } from '@stowage/contracts';
import { z } from 'zod';
import { identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * PUT /api/v1/set-policy (spec 2 §7): replaces the policies of a user or a group (`set-user-or-group-policy`,
 * PROTOCOL-NOTES §2); an empty list clears them.
 */
export function registerSetPolicy(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.setPolicy,
    {
      schema: {
        tags: ['policies'],
        summary: 'Set the policies of a user or group',
        body: setPolicyRequestSchema,
        response: { 204: z.null().describe('Set'), ...identityErrorResponses },
      },
    },
    async (request, reply) => {
      const { name, entityName, entityType } = request.body;
      await request.session.admin.setPolicy([...new Set(name)], entityName, entityType === 'group');
      return reply.code(204).send(null);
    },
  );
}
