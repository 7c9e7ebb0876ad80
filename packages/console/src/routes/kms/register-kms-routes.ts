import {
  apiErrorSchema,
  apiPaths,
  createKmsKeyRequestSchema,
  type KmsKeysResponse,
  type KmsStatus,
  kmsKeysResponseSchema,
  kmsStatusSchema,
} from '@stowage/contracts';
import { requireCapability } from '../../capabilities/require.js';
import type { RouteContext, ZodApp } from '../route-context.js';

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
      const keys = await request.session.admin.kmsListKeys('*', request.signal);
      return { results: keys.map((k) => ({ name: k.name, createdAt: k.createdAt, createdBy: k.createdBy })) };
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
      const keys = await request.session.admin.kmsListKeys('*', request.signal);
      return { results: keys.map((k) => ({ name: k.name, createdAt: k.createdAt, createdBy: k.createdBy })) };
    },
  );
}
