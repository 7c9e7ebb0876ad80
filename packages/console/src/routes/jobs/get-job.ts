// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, apiPaths, type Job, jobParamsSchema, jobSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';

/** GET /api/v1/jobs/{id} (issue 35): one job with its progress and failures. */
export function registerGetJob(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.job,
    {
      schema: {
        tags: ['jobs'],
        summary: 'Read a background job with its progress',
        params: jobParamsSchema,
        response: { 200: jobSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request): Promise<Job> => ctx.jobs.get(request.session.accountName, request.params.id),
  );
}
