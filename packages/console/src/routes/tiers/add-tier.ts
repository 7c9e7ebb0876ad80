// SPDX-License-Identifier: Apache-2.0
import { type AddTierRequest, addTierRequestSchema, apiErrorSchema, apiPaths } from '@stowage/contracts';
import type { TierConfig } from '@stowage/madmin';
import { z } from 'zod';
import { apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';

function need(value: string | undefined, what: string): string {
  if (!value) throw apiErrors.badRequest(`${what} is required for this type of tier.`);
  return value;
}

/** The madmin TierConfig of a console request (spec 2 §3 → madmin-go tier-config.go). */
export function toTierConfig(req: AddTierRequest): TierConfig {
  const t = req[req.type];
  if (!t) throw apiErrors.badRequest(`The request has no "${req.type}" object for its type.`);
  const target = { Endpoint: t.endpoint, Bucket: t.bucket, Prefix: t.prefix, Region: t.region };
  const base = { Version: 'v1', Name: t.name };
  if (req.type === 'gcs') {
    const creds = Buffer.from(need(t.creds, 'The credentials file')).toString('base64');
    return { ...base, Type: 'gcs', GCS: { ...target, Creds: creds } };
  }
  if (req.type === 'azure') {
    return {
      ...base,
      Type: 'azure',
      Azure: {
        ...target,
        AccountName: need(t.accountname, 'The account name'),
        AccountKey: need(t.accountkey, 'The account key'),
      },
    };
  }
  return {
    ...base,
    Type: 's3',
    S3: {
      ...target,
      AccessKey: need(t.accesskey, 'The access key'),
      SecretKey: need(t.secretkey, 'The secret key'),
      ...(t.storageclass ? { StorageClass: t.storageclass } : {}),
    },
  };
}

/** POST /api/v1/admin/tiers (spec 2 §7): adds a tier; the server checks its remote bucket is reachable. */
export function registerAddTier(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.tiers,
    {
      schema: {
        tags: ['tiers'],
        summary: 'Add a remote tier',
        body: addTierRequestSchema,
        response: {
          204: z.null().describe('Done'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await request.session.admin.addTier(toTierConfig(request.body));
      return reply.code(204).send(null);
    },
  );
}
