// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwKeyParamsSchema } from '@stowage/contracts';
import { z } from 'zod';
import { apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses, rgwUserHaving } from './rgw-helpers.js';

/** DELETE /api/v1/rgw/users/:uid/keys/:accessKey: removes one S3 key pair (not the session's own). */
export function registerDeleteRgwKey(app: ZodApp, ctx: RouteContext): void {
  app.delete(
    apiPaths.rgwUserKey,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Remove an S3 key pair of a Ceph RGW user',
        params: rgwKeyParamsSchema,
        response: { 204: z.null().describe('Removed'), ...rgwErrorResponses },
      },
    },
    async (request, reply) => {
      const { uid, accessKey } = request.params;
      if (accessKey === request.session.credentials.accessKey)
        throw apiErrors.badRequest('You cannot remove the access key you are signed in with.');
      const rgw = rgwAdmin(request, ctx);
      await rgwUserHaving(
        rgw,
        uid,
        (user) => user.keys.some((k) => k.access_key === accessKey),
        `The RGW user ${uid} has no access key ${accessKey}.`,
      );
      await rgwCall(() => rgw.removeKey(uid, accessKey));
      return reply.code(204).send(null);
    },
  );
}
