// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  completeMultipartUploadRequestSchema,
  completeMultipartUploadResponseSchema,
  multipartKeyQuerySchema,
  multipartParamsSchema,
} from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';

/** POST /api/v1/buckets/{bucket}/multipart-uploads/{uploadId}?key (issue 35): S3 CompleteMultipartUpload. */
export function registerCompleteMultipartUpload(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.multipartUpload,
    {
      schema: {
        tags: ['uploads'],
        summary: 'Complete a multipart upload from its parts',
        params: multipartParamsSchema,
        querystring: multipartKeyQuerySchema,
        body: completeMultipartUploadRequestSchema,
        response: {
          200: completeMultipartUploadResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const parts = [...request.body.parts].sort((a, b) => a.part_number - b.part_number);
      const done = await request.session.s3.completeMultipartUpload(
        request.params.bucket,
        request.query.key,
        request.params.uploadId,
        parts.map((p) => ({ part: p.part_number, etag: p.etag })),
      );
      return {
        key: request.query.key,
        etag: done.etag.replace(/^"|"$/g, ''),
        ...(done.versionId ? { version_id: done.versionId } : {}),
      };
    },
  );
}
