// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, apiPaths, type ListJobsResponse, listJobsResponseSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';

/** GET /api/v1/jobs (issue 35): the signed-in account's background jobs, newest first. */
export function registerListJobs(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.jobs,
    {
      schema: {
        tags: ['jobs'],
        summary: "List the account's background jobs",
        response: { 200: listJobsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<ListJobsResponse> => ({ jobs: ctx.jobs.list(request.session.accountName) }),
  );
}
