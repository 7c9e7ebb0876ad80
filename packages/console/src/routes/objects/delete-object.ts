// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  deleteObjectQuerySchema,
  objectRouteParamsSchema,
} from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { deleteObjects } from './delete-support.js';

/**
 * DELETE /api/v1/buckets/{bucket}/objects?path&version_id&recursive&all_versions&bypass (spec 1 §7): one
 * object (a delete marker in a versioned bucket), one version, every version of an object, or with
 * `recursive` a whole folder. `bypass` sends x-amz-bypass-governance-retention. A locked version answers
 * 403 with a message that says why.
 */
export function registerDeleteObject(app: ZodApp, _ctx: RouteContext): void {
  app.delete(
    apiPaths.objects,
    {
      schema: {
        tags: ['objects'],
        summary: 'Delete an object, a version of it, or a folder',
        params: objectRouteParamsSchema,
        querystring: deleteObjectQuerySchema,
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
      const q = request.query;
      await deleteObjects(
        request.session.s3,
        request.params.bucket,
        [
          {
            path: q.path,
            ...(q.version_id === undefined ? {} : { versionId: q.version_id }),
            recursive: q.recursive === true,
            allVersions: q.all_versions === true,
          },
        ],
        q.bypass === true,
      );
      reply.code(204);
    },
  );
}
