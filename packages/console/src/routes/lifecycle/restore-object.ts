// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  objectRouteParamsSchema,
  objectTargetQuerySchema,
  restoreObjectRequestSchema,
} from '@stowage/contracts';
import { z } from 'zod';
import { checkVersionId } from '../objects/object-target.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { restoreObject } from './tier-state.js';

/**
 * POST /api/v1/buckets/{bucket}/objects/restore?prefix&version_id (issue 19): brings a transitioned
 * version's data back from its tier for `days` (S3 RestoreObject). A version on no tier is the store's
 * InvalidObjectState.
 */
export function registerRestoreObject(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.objectRestore,
    {
      schema: {
        tags: ['objects'],
        summary: 'Restore a transitioned object for some days',
        params: objectRouteParamsSchema,
        querystring: objectTargetQuerySchema,
        body: restoreObjectRequestSchema,
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
    async (request, reply) => {
      const versionId = checkVersionId(request.query.version_id);
      const { bucket } = request.params;
      await restoreObject(request.session.s3, bucket, request.query.prefix, versionId, request.body.days);
      return reply.code(204).send(null);
    },
  );
}
