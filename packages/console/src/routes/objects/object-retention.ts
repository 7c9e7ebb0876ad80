// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  objectRouteParamsSchema,
  objectTargetQuerySchema,
  putObjectRetentionRequestSchema,
} from '@stowage/contracts';
import type * as Minio from 'minio';
import { z } from 'zod';
import { ApiHttpError, apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { checkVersionId, isAccessDenied, objectLockError } from './object-target.js';

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** The retention date: an RFC 3339 date-time in the future, else 400. */
function retainUntil(raw: string): string {
  const ms = RFC3339.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw apiErrors.badRequest(`'${raw}' is not a date; use an RFC 3339 date such as 2030-01-31T00:00:00Z.`);
  }
  if (ms <= Date.now()) throw apiErrors.badRequest('The retention date must be in the future.');
  return new Date(ms).toISOString();
}

/**
 * The store refuses to weaken a retention in force with AccessDenied (S3 object lock: COMPLIANCE can only
 * be extended; GOVERNANCE needs the bypass). That reads as a permission problem, so when the object's
 * current retention explains the refusal, say that instead. The store's message stays in detailedError.
 */
async function explainRefusal(
  s3: Minio.Client,
  bucket: string,
  key: string,
  versionId: string | undefined,
  err: unknown,
): Promise<unknown> {
  if (!isAccessDenied(err)) return objectLockError(err);
  let current: { mode?: string; retainUntilDate?: string } | null | undefined;
  try {
    current = await s3.getObjectRetention(bucket, key, versionId === undefined ? undefined : { versionId });
  } catch {
    return err;
  }
  const until = current?.retainUntilDate === undefined ? Number.NaN : Date.parse(current.retainUntilDate);
  if (current?.mode === undefined || Number.isNaN(until) || until <= Date.now()) return err;
  const detail = err instanceof Error ? err.message : String(err);
  const date = new Date(until).toISOString();
  if (current.mode === 'COMPLIANCE') {
    return new ApiHttpError(
      403,
      `The object is under COMPLIANCE retention until ${date}: its retention can only be extended`,
      detail,
      { cause: err },
    );
  }
  return new ApiHttpError(
    403,
    `The object is under GOVERNANCE retention until ${date}: shortening, changing or removing it needs the governance bypass`,
    detail,
    { cause: err },
  );
}

/** The SDK's type wants a version id, which it treats as optional (absent = the latest version). */
function retentionOptions(opts: Partial<Minio.RetentionOptions>): Minio.RetentionOptions {
  return opts as Minio.RetentionOptions;
}

const errorResponses = {
  204: z.null(),
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/**
 * PUT /api/v1/buckets/{bucket}/objects/retention?prefix&version_id (spec 1 §4 "Retention", §7): sets the
 * object's retention mode and date (S3 API: PutObjectRetention), optionally bypassing governance.
 * DELETE on the same path removes a GOVERNANCE retention (PutObjectRetention without a retention, with
 * the governance bypass), as the retention dialog's status switch does. Both answer 204 No Content: the
 * web client re-reads the object afterwards and needs no body.
 */
export function registerObjectRetention(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.objectRetention,
    {
      schema: {
        tags: ['objects'],
        summary: "Set an object's retention (governance or compliance, until a date)",
        params: objectRouteParamsSchema,
        querystring: objectTargetQuerySchema,
        body: putObjectRetentionRequestSchema,
        response: errorResponses,
      },
    },
    async (request, reply): Promise<void> => {
      const { bucket } = request.params;
      const key = request.query.prefix;
      const versionId = checkVersionId(request.query.version_id);
      const body = request.body;
      const until = retainUntil(body.expires);
      const s3 = request.session.s3;
      try {
        await s3.putObjectRetention(
          bucket,
          key,
          retentionOptions({
            mode: body.mode === 'compliance' ? 'COMPLIANCE' : 'GOVERNANCE',
            retainUntilDate: until,
            ...(body.governance_bypass === true ? { governanceBypass: true } : {}),
            ...(versionId === undefined ? {} : { versionId }),
          }),
        );
      } catch (err) {
        throw await explainRefusal(s3, bucket, key, versionId, err);
      }
      reply.code(204);
    },
  );

  app.delete(
    apiPaths.objectRetention,
    {
      schema: {
        tags: ['objects'],
        summary: "Remove an object's GOVERNANCE retention",
        params: objectRouteParamsSchema,
        querystring: objectTargetQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply): Promise<void> => {
      const { bucket } = request.params;
      const key = request.query.prefix;
      const versionId = checkVersionId(request.query.version_id);
      const s3 = request.session.s3;
      try {
        // S3 API: PutObjectRetention with an empty <Retention/> and x-amz-bypass-governance-retention.
        await s3.putObjectRetention(
          bucket,
          key,
          retentionOptions({ governanceBypass: true, ...(versionId === undefined ? {} : { versionId }) }),
        );
      } catch (err) {
        throw await explainRefusal(s3, bucket, key, versionId, err);
      }
      reply.code(204);
    },
  );
}
