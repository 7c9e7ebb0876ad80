// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  deleteObjectsRequestSchema,
  objectRouteParamsSchema,
} from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { deleteObjects } from './delete-support.js';

/**
 * POST /api/v1/buckets/{bucket}/delete-objects (spec 1 §7, "Delete Selected"): one entry per selected
 * row — an object, a version (`versionID`) or, with `recursive`, a folder expanded like DELETE …/objects.
 */
export function registerDeleteObjectsRoute(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.deleteObjects,
    {
      schema: {
        tags: ['objects'],
        summary: 'Delete several objects, versions or folders',
        params: objectRouteParamsSchema,
        body: deleteObjectsRequestSchema,
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
      await deleteObjects(
        request.session.s3,
        request.params.bucket,
        request.body.map((e) => ({
          path: e.path,
          ...(e.versionID === undefined ? {} : { versionId: e.versionID }),
          recursive: e.recursive === true,
        })),
        false,
      );
      reply.code(204);
    },
  );
}
