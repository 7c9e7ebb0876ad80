// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, apiPaths, type Job, jobActionParamsSchema, jobSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * POST /api/v1/jobs/{id}/{pause|resume|cancel} (issue 35). Pause and cancel answer once the keys in
 * flight are done; resume carries on with the caller's session (their credentials replace the expired ones).
 */
export function registerUpdateJob(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.jobAction,
    {
      schema: {
        tags: ['jobs'],
        summary: 'Pause, resume or cancel a background job',
        params: jobActionParamsSchema,
        response: { 200: jobSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request): Promise<Job> =>
      ctx.jobs.act(request.session.credentials, request.params.id, request.params.action),
  );
}
