// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type ExternalBuckets,
  externalBucketsSchema,
  listExternalBucketsRequestSchema,
} from '@stowage/contracts';
import { ApiHttpError } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { remoteAddress, remoteClient } from './replication-support.js';

/** POST /api/v1/list-external-buckets (spec 1 §7): the buckets of a remote server, for the wizard. */
export function registerListExternalBuckets(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.listExternalBuckets,
    {
      schema: {
        tags: ['replication'],
        summary: 'List the buckets of a remote server',
        body: listExternalBucketsRequestSchema,
        response: { 200: externalBucketsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<ExternalBuckets> => {
      const b = request.body;
      const client = remoteClient(remoteAddress(b.targetURL, b.useTLS), b);
      try {
        const buckets = await client.listBuckets();
        return {
          buckets: buckets.map((x) => ({ name: x.name, creation_date: x.creationDate.toISOString() })),
          total: buckets.length,
        };
      } catch (err) {
        throw new ApiHttpError(
          400,
          'Cannot list the remote buckets',
          `${b.targetURL}: ${(err as Error).message}`,
        );
      }
    },
  );
}
