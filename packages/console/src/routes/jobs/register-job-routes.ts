// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerCreateJob } from './create-job.js';
import { registerGetJob } from './get-job.js';
import { registerListJobs } from './list-jobs.js';
import { registerUpdateJob } from './update-job.js';

/** Background jobs (issue 35): copy, move, rename and big deletes, one module per route. */
export function registerJobRoutes(app: ZodApp, ctx: RouteContext): void {
  registerListJobs(app, ctx);
  registerGetJob(app, ctx);
  registerCreateJob(app, ctx);
  registerUpdateJob(app, ctx);
}
