// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type ListUploadPartsResponse,
  listUploadPartsResponseSchema,
  multipartKeyQuerySchema,
  multipartParamsSchema,
} from '@stowage/contracts';
import { s3Query, s3XmlRequest, xmlList, xmlText } from '../objects/listing.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * GET /api/v1/buckets/{bucket}/multipart-uploads/{uploadId}?key (issue 35): the parts the store holds
 * (S3 ListParts, every page), so a resumed upload sends only the missing ones.
 */
export function registerListUploadParts(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.multipartUpload,
    {
      schema: {
        tags: ['uploads'],
        summary: 'List the parts a multipart upload holds',
        params: multipartParamsSchema,
        querystring: multipartKeyQuerySchema,
        response: {
          200: listUploadPartsResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request): Promise<ListUploadPartsResponse> => {
      const { bucket, uploadId } = request.params;
      const parts: ListUploadPartsResponse['parts'] = [];
      let marker: string | undefined;
      for (let page = 0; page < 11; page++) {
        const doc = await s3XmlRequest(request.session.s3, {
          method: 'GET',
          bucketName: bucket,
          objectName: request.query.key,
          query: s3Query({ uploadId, 'max-parts': '1000', 'part-number-marker': marker }),
        });
        const r = (doc.ListPartsResult ?? {}) as Record<string, unknown>;
        for (const p of xmlList(r.Part)) {
          parts.push({
            part_number: Number(xmlText(p.PartNumber)),
            etag: xmlText(p.ETag).replace(/^"|"$/g, ''),
            size: Number(xmlText(p.Size) || '0'),
          });
        }
        marker = xmlText(r.NextPartNumberMarker);
        if (xmlText(r.IsTruncated) !== 'true' || marker === '') break;
      }
      return { parts };
    },
  );
}
