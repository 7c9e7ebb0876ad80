// SPDX-License-Identifier: Apache-2.0
import { apiPaths, serviceAccountParamsSchema } from '@stowage/contracts';
import { z } from 'zod';
import { apiErrors } from '../../errors/api-http-error.js';
import { hasCode, identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/** DELETE /api/v1/service-accounts/{name} (spec 2 §7), after the UI's confirmation. */
export function registerDeleteServiceAccount(app: ZodApp, _ctx: RouteContext): void {
  app.delete(
    apiPaths.serviceAccount,
    {
      schema: {
        tags: ['service-accounts'],
        summary: 'Delete a service account',
        params: serviceAccountParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...identityErrorResponses },
      },
    },
    async (request, reply) => {
      try {
        await request.session.admin.deleteServiceAccount(request.params.name);
      } catch (err) {
        // MinIO reports a missing service account as XMinioInvalidIAMCredentials with status 404
        // (PROTOCOL-NOTES §1); the generic mapping reads that code as a bad request.
        if (hasCode(err, 'XMinioInvalidIAMCredentials') && (err as { status?: unknown }).status === 404) {
          throw apiErrors.notFound(`There is no service account ${request.params.name}.`, err);
        }
        throw err;
      }
      return reply.code(204).send(null);
    },
  );
}
