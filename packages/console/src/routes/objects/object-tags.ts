// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  objectRouteParamsSchema,
  objectTargetQuerySchema,
  putObjectTagsRequestSchema,
} from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { checkVersionId } from './object-target.js';

/**
 * PUT /api/v1/buckets/{bucket}/objects/tags?prefix&version_id (spec 1 §7): replaces the object's whole tag
 * set (S3 API: PutObjectTagging); an empty map removes every tag (S3 API: DeleteObjectTagging), as S3
 * refuses an empty TagSet on some servers. 204 No Content.
 */
export function registerObjectTags(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.objectTags,
    {
      schema: {
        tags: ['objects'],
        summary: "Replace an object's tags",
        params: objectRouteParamsSchema,
        querystring: objectTargetQuerySchema,
        body: putObjectTagsRequestSchema,
        response: {
          204: z.null(),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply): Promise<void> => {
      const { bucket } = request.params;
      const key = request.query.prefix;
      const versionId = checkVersionId(request.query.version_id);
      const s3 = request.session.s3;
      const opts = versionId === undefined ? undefined : { versionId };
      if (Object.keys(request.body.tags).length === 0) {
        await s3.removeObjectTagging(bucket, key, opts as { versionId: string });
      } else {
        await s3.setObjectTagging(bucket, key, request.body.tags, opts);
      }
      reply.code(204);
    },
  );
}
