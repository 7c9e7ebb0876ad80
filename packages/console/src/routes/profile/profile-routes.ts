// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type ProfileStartResponse,
  profileStartRequestSchema,
  profileStartResponseSchema,
} from '@stowage/contracts';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../objects/download-object.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * Tools → Profile (issue 38, as the community console's Start / Stop): `POST /api/v1/admin/profile/start`
 * ends any profiling of the server and starts the chosen types (MinIO's `profiling/start`, admin:Profiling);
 * `POST /api/v1/admin/profile/stop` ends it and sends the server's zip of the profiles as `profile.zip`
 * (`profiling/download`). Nothing is kept in the console: the profiling state is the server's, so a Stop
 * from another session collects it too; a Stop with nothing running is the server's
 * XMinioAdminProfilerNotEnabled (400).
 */
export function registerProfileRoutes(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.profileStart,
    {
      schema: {
        tags: ['support'],
        summary: 'Start profiling the server (CPU profile, heap profile, heap snapshot)',
        body: profileStartRequestSchema,
        response: {
          200: profileStartResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request): Promise<ProfileStartResponse> => ({
      nodes: await request.session.admin.startProfiling(request.body.types),
    }),
  );

  app.post(
    apiPaths.profileStop,
    {
      schema: {
        tags: ['support'],
        summary: "Stop profiling and download the server's profiles as a zip",
        produces: ['application/zip'],
        response: {
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request, typedReply) => {
      // The answer is a byte stream, not one of the schema's JSON bodies.
      const reply = typedReply as unknown as FastifyReply;
      const zip = await request.session.admin.downloadProfilingData();
      reply.header('cache-control', 'no-store');
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', contentDisposition('attachment', 'profile.zip'));
      return reply.send(zip);
    },
  );
}
