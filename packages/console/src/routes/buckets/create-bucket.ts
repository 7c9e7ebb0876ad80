// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type CreateBucketResponse,
  type CreateBucketStep,
  createBucketRequestSchema,
  createBucketResponseSchema,
  type ObjectOwnership,
} from '@stowage/contracts';
import type * as Minio from 'minio';
import { sessionS3Region } from '../../clients/store-clients.js';
import { ApiHttpError, apiErrors } from '../../errors/api-http-error.js';
import { storeErrorToApiError } from '../../errors/store-errors.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { requireDistributed } from './bucket-route-support.js';

const stepNames: Record<CreateBucketStep, string> = {
  bucket: 'bucket created',
  'object-locking': 'object locking enabled',
  versioning: 'versioning enabled',
  retention: 'default retention set',
  quota: 'quota set',
};

/**
 * POST /api/v1/buckets (spec 1 §3 "Create-bucket payload", §4 "Create-bucket form"): creates the bucket
 * and applies versioning, object locking, default retention and quota in one request. When a step fails
 * the bucket is removed again, so no half-configured bucket is left behind; if even that removal fails,
 * the error lists exactly which steps were applied.
 */
export function registerCreateBucket(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.buckets,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Create a bucket with versioning, locking, retention and quota',
        body: createBucketRequestSchema,
        response: {
          201: createBucketResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply): Promise<CreateBucketResponse> => {
      const { name, versioning, locking, quota, retention, objectOwnership } = request.body;
      // Retention is a default of object lock, and object lock implies versioning (S3 API: PutObjectLockConfiguration).
      if (retention !== undefined && !locking) {
        throw apiErrors.badRequest(
          'body.retention: a default retention needs object locking (locking: true)',
        );
      }
      if (retention !== undefined && !versioning) {
        throw apiErrors.badRequest('body.retention: a default retention needs versioning (versioning: true)');
      }
      if (quota?.enabled && quota.amount <= 0) {
        throw apiErrors.badRequest('body.quota.amount: an enabled quota needs a size above zero');
      }
      const wanted = [
        ...(versioning ? ['versioning'] : []),
        ...(locking ? ['object locking'] : []),
        ...(retention ? ['retention'] : []),
        ...(quota?.enabled ? ['quota'] : []),
      ];
      await requireDistributed(ctx, request, wanted);

      const { s3, credentials } = request.session;
      const region = sessionS3Region(ctx.endpoint, credentials);
      // S3 in us-east-1 answers 200 to an owner re-creating a bucket (AWS's legacy answer): ask first,
      // so the form still says the bucket exists. A bucket the user may not see is the store's to refuse.
      if (await s3.bucketExists(name).catch(() => false)) {
        throw apiErrors.conflict(
          'Bucket already exists',
          'Your previous request to create the named bucket succeeded and you already own it.',
        );
      }
      if (objectOwnership === undefined) {
        await s3.makeBucket(name, region, { ObjectLocking: locking });
      } else {
        await createBucketWithOwnership(s3, name, region, objectOwnership, locking);
      }
      const applied: CreateBucketStep[] = ['bucket'];
      if (locking) applied.push('object-locking', 'versioning');
      try {
        if (versioning && !locking) {
          await s3.setBucketVersioning(name, { Status: 'Enabled' });
          applied.push('versioning');
        }
        if (retention !== undefined) {
          await s3.setObjectLockConfig(name, {
            mode: retention.mode === 'compliance' ? 'COMPLIANCE' : 'GOVERNANCE',
            unit: retention.unit === 'days' ? 'Days' : 'Years',
            validity: retention.validity,
          });
          applied.push('retention');
        }
        if (quota?.enabled) {
          await request.session.admin.setBucketQuota(name, {
            quota: quota.amount,
            quotatype: quota.quota_type,
          });
          applied.push('quota');
        }
      } catch (err) {
        const cause = storeErrorToApiError(err) ?? apiErrors.internal();
        const undone = await s3.removeBucket(name).then(
          () => true,
          () => false,
        );
        if (undone) {
          throw new ApiHttpError(
            cause.statusCode,
            cause.errorMessage,
            `${cause.detailedError} The bucket was not created: "${name}" was removed again.`,
            { cause: err },
          );
        }
        throw new ApiHttpError(
          cause.statusCode,
          cause.errorMessage,
          `${cause.detailedError} The bucket "${name}" exists, partly configured: ${applied
            .map((s) => stepNames[s])
            .join(', ')}.`,
          { cause: err },
        );
      }
      reply.code(201);
      return { bucketName: name, applied };
    },
  );
}

/**
 * S3 API: CreateBucket with `x-amz-object-ownership` (the minio SDK's makeBucket sends no such header),
 * object lock as makeBucket would ask for it, and the LocationConstraint outside us-east-1.
 */
async function createBucketWithOwnership(
  s3: Minio.Client,
  name: string,
  region: string,
  ownership: ObjectOwnership,
  locking: boolean,
): Promise<void> {
  const headers: Record<string, string> = { 'x-amz-object-ownership': ownership };
  if (locking) headers['x-amz-bucket-object-lock-enabled'] = 'true';
  const payload =
    region && region !== 'us-east-1'
      ? `<CreateBucketConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><LocationConstraint>${region}</LocationConstraint></CreateBucketConfiguration>`
      : '';
  const res = await s3.makeRequestAsync({ method: 'PUT', bucketName: name, headers }, payload, [200]);
  res.resume();
}
