// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwSubuserParamsSchema } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses, rgwUserHaving } from './rgw-helpers.js';

/** DELETE /api/v1/rgw/users/:uid/subusers/:subuser/swift-key: removes the subuser's Swift key. */
export function registerDeleteRgwSwiftKey(app: ZodApp, ctx: RouteContext): void {
  app.delete(
    apiPaths.rgwSubuserSwiftKey,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Remove the Swift key of a Ceph RGW subuser',
        params: rgwSubuserParamsSchema,
        response: { 204: z.null().describe('Removed'), ...rgwErrorResponses },
      },
    },
    async (request, reply) => {
      const rgw = rgwAdmin(request, ctx);
      const { uid, subuser } = request.params;
      // RGW answers a missing Swift key with 403 InvalidAccessKeyId: a 404 names what is missing.
      await rgwUserHaving(
        rgw,
        uid,
        (user) => user.swift_keys.some((k) => k.user === subuser),
        `The RGW subuser ${subuser} has no Swift key.`,
      );
      await rgwCall(() => rgw.removeSwiftKey(uid, subuser));
      return reply.code(204).send(null);
    },
  );
}
