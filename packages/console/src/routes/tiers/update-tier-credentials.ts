// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, apiPaths, tierCredentialsRequestSchema, tierParamsSchema } from '@stowage/contracts';
import { z } from 'zod';
import { apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * PUT /api/v1/admin/tiers/{type}/{name}/credentials (spec 2 §7, §5): S3/MinIO and Azure need both keys,
 * GCS the credentials file (sent to the server base64-encoded, as madmin-go's []byte).
 */
export function registerUpdateTierCredentials(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.tierCredentials,
    {
      schema: {
        tags: ['tiers'],
        summary: "Change a tier's credentials",
        params: tierParamsSchema,
        body: tierCredentialsRequestSchema,
        response: {
          204: z.null().describe('Done'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { type, name } = request.params;
      const { access_key, secret_key, creds } = request.body;
      if (type === 'gcs') {
        if (!creds) throw apiErrors.badRequest('A GCS tier needs its credentials file.');
        await request.session.admin.editTier(name, {
          awsrole: false,
          creds: Buffer.from(creds).toString('base64'),
        });
      } else {
        if (!access_key || !secret_key) throw apiErrors.badRequest('Both keys are required.');
        await request.session.admin.editTier(name, {
          awsrole: false,
          access: access_key,
          secret: secret_key,
        });
      }
      return reply.code(204).send(null);
    },
  );
}
