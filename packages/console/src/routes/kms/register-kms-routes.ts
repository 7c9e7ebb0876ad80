// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  createKmsKeyRequestSchema,
  type KmsKeysResponse,
  type KmsStatus,
  kmsKeysResponseSchema,
  kmsStatusSchema,
} from '@stowage/contracts';
import type { MadminClient } from '@stowage/madmin';
import { requireCapability } from '../../capabilities/require.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/** The KMS's keys as the page lists them. */
async function listKeys(admin: MadminClient, signal: AbortSignal): Promise<KmsKeysResponse> {
  const keys = await admin.kmsListKeys('*', signal);
  return { results: keys.map((k) => ({ name: k.name, createdAt: k.createdAt, createdBy: k.createdBy })) };
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  501: apiErrorSchema,
};

/**
 * The KMS page's routes (issue 18, beyond the spec): MinIO's KMS API through the session's admin client
 * — status, keys, create key. Servers without MinIO's admin API answer 501 with the reason.
 */
export function registerKmsRoutes(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.kmsStatus,
    {
      schema: {
        tags: ['kms'],
        summary: 'Status of the server’s KMS',
        response: { 200: kmsStatusSchema, ...errors },
      },
    },
    async (request): Promise<KmsStatus> => {
      requireCapability(request.session, ctx.endpoint, 'admin');
      const s = await request.session.admin.kmsStatus(request.signal);
      return {
        name: s.name,
        defaultKeyID: s['default-key-id'],
        endpoints: Object.entries(s.endpoints ?? {}).map(([url, status]) => ({ url, status })),
      };
    },
  );

  app.get(
    apiPaths.kmsKeys,
    {
      schema: {
        tags: ['kms'],
        summary: 'Keys of the server’s KMS',
        response: { 200: kmsKeysResponseSchema, ...errors },
      },
    },
    async (request): Promise<KmsKeysResponse> => {
      requireCapability(request.session, ctx.endpoint, 'admin');
      return listKeys(request.session.admin, request.signal);
    },
  );

  app.post(
    apiPaths.kmsKeys,
    {
      schema: {
        tags: ['kms'],
        summary: 'Create a KMS key',
        body: createKmsKeyRequestSchema,
        response: { 200: kmsKeysResponseSchema, ...errors },
      },
    },
    async (request): Promise<KmsKeysResponse> => {
      requireCapability(request.session, ctx.endpoint, 'admin');
      await request.session.admin.kmsCreateKey(request.body.key);
      return listKeys(request.session.admin, request.signal);
    },
  );
}
