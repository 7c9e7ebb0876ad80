// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type BucketObjectAccess,
  type CreateJobSpec,
  createJobRequestSchema,
  isFolderPath,
  type Job,
  jobBlockedReason,
  jobSchema,
} from '@stowage/contracts';
import type { Policy } from '@stowage/policy';
import { apiErrors } from '../../errors/api-http-error.js';
import { storeErrorToApiError } from '../../errors/store-errors.js';
import { canDo } from '../../permissions/evaluate.js';
import type { ConsoleSession } from '../../session/session-plugin.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/** The problems of a copy or move request that no listing can fix: shapes of paths, a folder into itself. */
function pathProblem(spec: CreateJobSpec): string | null {
  if (spec.kind === 'delete') return null;
  for (const { source, target } of spec.items) {
    const folder = isFolderPath(source);
    if (folder !== isFolderPath(target))
      return `${source} → ${target}: a folder goes to a folder (both end in "/"), an object to an object name.`;
    if (spec.source_bucket !== spec.target_bucket) continue;
    if (source === target) return `${source} is already there: choose another destination or name.`;
    if (folder && target.startsWith(source))
      return `The folder ${source} cannot be put inside itself (${target}).`;
  }
  return null;
}

function access(policy: Policy, bucket: string, variables: Record<string, string>): BucketObjectAccess {
  return {
    read: canDo(policy, 's3:GetObject', bucket, variables),
    write: canDo(policy, 's3:PutObject', bucket, variables),
    delete: canDo(policy, 's3:DeleteObject', bucket, variables),
  };
}

async function requireBucket(session: ConsoleSession, bucket: string): Promise<void> {
  let exists: boolean;
  try {
    exists = await session.s3.bucketExists(bucket);
  } catch (err) {
    throw storeErrorToApiError(err) ?? err;
  }
  if (!exists) throw apiErrors.notFound(`The bucket ${bucket} does not exist.`);
}

/**
 * POST /api/v1/jobs (issue 35): starts a copy, move (rename) or delete job and answers it at once (202);
 * its progress is read with GET /api/v1/jobs/{id}. Refused with the reason when the session may not do it.
 */
export function registerCreateJob(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.jobs,
    {
      schema: {
        tags: ['jobs'],
        summary: 'Start a copy, move, rename or delete job',
        body: createJobRequestSchema,
        response: {
          202: jobSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply): Promise<Job> => {
      const spec = request.body;
      const problem = pathProblem(spec);
      if (problem !== null) throw apiErrors.badRequest(problem);
      const { policy, variables } = await ctx.identities.get(request.session);
      const sourceBucket = spec.kind === 'delete' ? spec.bucket : spec.source_bucket;
      const blocked = jobBlockedReason(
        spec.kind,
        { bucket: sourceBucket, access: access(policy, sourceBucket, variables) },
        spec.kind === 'delete'
          ? undefined
          : { bucket: spec.target_bucket, access: access(policy, spec.target_bucket, variables) },
      );
      if (blocked !== null) throw apiErrors.forbidden(blocked);
      await requireBucket(request.session, sourceBucket);
      if (spec.kind !== 'delete' && spec.target_bucket !== sourceBucket)
        await requireBucket(request.session, spec.target_bucket);
      reply.code(202);
      return ctx.jobs.create(request.session.credentials, spec);
    },
  );
}
