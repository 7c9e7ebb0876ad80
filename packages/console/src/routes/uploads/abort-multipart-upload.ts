// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, apiPaths, multipartKeyQuerySchema, multipartParamsSchema } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * DELETE /api/v1/buckets/{bucket}/multipart-uploads/{uploadId}?key (issue 35): discards a stale upload
 * and the parts it holds (S3 AbortMultipartUpload).
 */
export function registerAbortMultipartUpload(app: ZodApp, _ctx: RouteContext): void {
  app.delete(
    apiPaths.multipartUpload,
    {
      schema: {
        tags: ['uploads'],
        summary: 'Discard a multipart upload',
        params: multipartParamsSchema,
        querystring: multipartKeyQuerySchema,
        response: { 204: z.null(), 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply): Promise<void> => {
      await request.session.s3.abortMultipartUpload(
        request.params.bucket,
        request.query.key,
        request.params.uploadId,
      );
      reply.code(204);
    },
  );
}
