// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, apiPaths, bucketParamsSchema } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * DELETE /api/v1/buckets/{name} (spec 1 §7; §5 "Deleting a bucket is allowed only if it is empty"): the
 * store refuses a bucket that still holds objects or versions with BucketNotEmpty, which the error mapping
 * turns into 409 'The bucket you tried to delete is not empty'. The spec's body `{name}` is accepted and
 * ignored: the path names the bucket.
 */
export function registerDeleteBucket(app: ZodApp, _ctx: RouteContext): void {
  app.delete(
    apiPaths.bucket,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Delete an empty bucket',
        params: bucketParamsSchema,
        response: {
          204: z.null(),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply): Promise<void> => {
      await request.session.s3.removeBucket(request.params.name);
      reply.code(204);
    },
  );
}
