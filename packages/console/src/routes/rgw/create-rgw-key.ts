// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwCreateKeySchema, rgwKeyListSchema, rgwUidParamsSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses } from './rgw-helpers.js';

/** POST /api/v1/rgw/users/:uid/keys: adds an S3 key pair (given, or generated); answers all the keys. */
export function registerCreateRgwKey(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.rgwUserKeys,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Create an S3 key pair for a Ceph RGW user',
        params: rgwUidParamsSchema,
        body: rgwCreateKeySchema,
        response: { 201: rgwKeyListSchema, ...rgwErrorResponses },
      },
    },
    async (request, reply) => {
      const rgw = rgwAdmin(request, ctx);
      // RGW answers 200 with the key list even for an unknown uid in some releases: ask first.
      await rgwCall(() => rgw.getUser(request.params.uid));
      const keys = await rgwCall(() => rgw.createKey({ uid: request.params.uid, ...request.body }));
      return reply.code(201).send({
        keys: keys.map((k) => ({ user: k.user, accessKey: k.access_key, secretKey: k.secret_key })),
      });
    },
  );
}
