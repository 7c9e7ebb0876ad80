// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  objectRouteParamsSchema,
  SHARE_MAX_EXPIRY_MS,
  shareObjectQuerySchema,
} from '@stowage/contracts';
import { z } from 'zod';
import { apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { checkVersionId, statObject } from './object-target.js';

/** `expires` of the share route: milliseconds, with or without the 'ms' suffix; 7 days when absent. */
export function shareExpiryMs(raw: string | undefined): number {
  if (raw === undefined || raw === '') return SHARE_MAX_EXPIRY_MS;
  const ms = Number(raw.replace(/ms$/, ''));
  if (!Number.isSafeInteger(ms) || ms <= 0) {
    throw apiErrors.badRequest('The share link must be valid for a positive duration.');
  }
  if (ms > SHARE_MAX_EXPIRY_MS) {
    throw apiErrors.badRequest(`A share link can be valid for at most 7 days (${SHARE_MAX_EXPIRY_MS}ms).`);
  }
  return ms;
}

/**
 * GET /api/v1/buckets/{bucket}/objects/share?prefix&version_id&expires={ms}ms (spec 1 §4 "Sharing link",
 * §7, §9): a presigned S3 GET URL for the object (or one version of it), answered as text/plain.
 *
 * The URL points at the store's endpoint as the console reaches it (`s3Endpoint`), since the console
 * has no other public address of the store, and it is signed with the caller's own session credentials,
 * so it grants nothing the caller could not read. Those are temporary STS credentials: the link carries
 * X-Amz-Security-Token and stops working when the session's credentials expire (at the latest after
 * the console's session duration), even if its own expiry is later. MinIO's console has the same limit;
 * links that outlive the session would need long-term keys (an access key), which the console does not
 * hold for the user.
 *
 * The object is looked up first, so a missing object or version, or one the caller may not read, is
 * reported now rather than by the link later.
 */
export function registerShareObject(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.objectShare,
    {
      schema: {
        tags: ['objects'],
        summary: 'Create a share link (presigned GET URL) for an object',
        params: objectRouteParamsSchema,
        querystring: shareObjectQuerySchema,
        produces: ['text/plain'],
        response: {
          200: z.string().describe('The presigned URL'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply): Promise<string> => {
      const { bucket } = request.params;
      const key = request.query.prefix;
      const versionId = checkVersionId(request.query.version_id);
      const ms = shareExpiryMs(request.query.expires);
      const s3 = request.session.s3;
      await statObject(s3, bucket, key, versionId);
      // S3 presigned URLs count whole seconds (X-Amz-Expires); a part of a second rounds up.
      const seconds = Math.ceil(ms / 1000);
      const url = await s3.presignedGetObject(
        bucket,
        key,
        seconds,
        versionId === undefined ? {} : { versionId },
      );
      reply.type('text/plain; charset=utf-8');
      return url;
    },
  );
}
