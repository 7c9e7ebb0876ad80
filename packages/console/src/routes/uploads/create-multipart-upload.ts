// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  createMultipartUploadRequestSchema,
  type MultipartUpload,
  multipartUploadSchema,
  objectRouteParamsSchema,
} from '@stowage/contracts';
import { checkKeyPath } from '../objects/object-keys.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * POST /api/v1/buckets/{bucket}/multipart-uploads (issue 35, uploads that resume): starts an S3 multipart
 * upload (CreateMultipartUpload) with the caller's credentials and answers its id, which the browser keeps.
 */
export function registerCreateMultipartUpload(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.multipartUploads,
    {
      schema: {
        tags: ['uploads'],
        summary: 'Start a multipart upload the browser can resume',
        params: objectRouteParamsSchema,
        body: createMultipartUploadRequestSchema,
        response: {
          201: multipartUploadSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply): Promise<MultipartUpload> => {
      const { key, content_type } = request.body;
      checkKeyPath('key', key);
      const uploadId = await request.session.s3.initiateNewMultipartUpload(request.params.bucket, key, {
        'Content-Type': content_type || 'application/octet-stream',
      });
      reply.code(201);
      return { upload_id: uploadId, key };
    },
  );
}
