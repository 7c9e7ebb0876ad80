// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  objectRouteParamsSchema,
  objectTargetQuerySchema,
  putObjectLegalHoldRequestSchema,
} from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { checkVersionId, objectLockError } from './object-target.js';

/**
 * PUT /api/v1/buckets/{bucket}/objects/legalhold?prefix&version_id (spec 1 §4 "Legal hold", §7): turns the
 * object's legal hold on or off (S3 API: PutObjectLegalHold ON/OFF). 204 No Content. A bucket without
 * object locking answers 400 saying so.
 */
export function registerObjectLegalHold(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.objectLegalHold,
    {
      schema: {
        tags: ['objects'],
        summary: "Turn an object's legal hold on or off",
        params: objectRouteParamsSchema,
        querystring: objectTargetQuerySchema,
        body: putObjectLegalHoldRequestSchema,
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
      const versionId = checkVersionId(request.query.version_id);
      try {
        // The SDK declares this call as returning void, but it is async: await its promise.
        await (request.session.s3.setObjectLegalHold(request.params.bucket, request.query.prefix, {
          status: request.body.status === 'enabled' ? 'ON' : 'OFF',
          ...(versionId === undefined ? {} : { versionId }),
        }) as unknown as Promise<void>);
      } catch (err) {
        throw objectLockError(err);
      }
      reply.code(204);
    },
  );
}
