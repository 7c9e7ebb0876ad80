// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  MULTIPART_MAX_PART_BYTES,
  multipartKeyQuerySchema,
  multipartPartParamsSchema,
  type UploadedPart,
  uploadedPartSchema,
} from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * PUT /api/v1/buckets/{bucket}/multipart-uploads/{uploadId}/parts/{n}?key (issue 35): one part as the raw
 * request body (application/octet-stream, at most 64 MiB), stored with S3 UploadPart. Sending a part again
 * replaces it, so a part cut off by a lost network is simply sent again.
 */
export function registerUploadPart(app: ZodApp, _ctx: RouteContext): void {
  app.register(async (scope: ZodApp) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: MULTIPART_MAX_PART_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.put(
      apiPaths.multipartPart,
      {
        bodyLimit: MULTIPART_MAX_PART_BYTES,
        schema: {
          tags: ['uploads'],
          summary: 'Upload one part of a multipart upload (raw body)',
          consumes: ['application/octet-stream'],
          params: multipartPartParamsSchema,
          querystring: multipartKeyQuerySchema,
          response: {
            200: uploadedPartSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request): Promise<UploadedPart> => {
        const body = request.body as Buffer;
        const { bucket, uploadId, partNumber } = request.params;
        const res = await request.session.s3.uploadPart(
          { bucketName: bucket, objectName: request.query.key, uploadID: uploadId, partNumber, headers: {} },
          body,
        );
        return { part_number: partNumber, etag: res.etag.replace(/^"|"$/g, ''), size: body.length };
      },
    );
  });
}
