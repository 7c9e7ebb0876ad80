// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, hasCapability } from '@stowage/contracts';
import type { FastifyRequest } from 'fastify';
import type * as Minio from 'minio';
import { ApiHttpError } from '../../errors/api-http-error.js';
import type { RouteContext } from '../route-context.js';

/** The error answers of a bucket setting's write route (its schema's `response` besides 200). */
export const bucketSettingErrorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
} as const;

/** The spec's notice for features that need an erasure-coded setup (spec 1 §1). */
export const nonErasureNotice =
  'Some these features are disabled as server is running in non-erasure coded mode.';

/**
 * Refuses a distributed-only feature (versioning, quota, retention, object locking — spec 1 §1, §6) when
 * the store is not erasure-coded, before anything is changed. MinIO's own FS mode refuses these too;
 * checking here gives every store the same clear answer. A server without MinIO's admin API (Ceph RGW, …)
 * is not MinIO: it has no such mode, and its own answer decides (issue 24).
 */
export async function requireDistributed(
  ctx: RouteContext,
  request: FastifyRequest,
  features: readonly string[],
): Promise<void> {
  if (features.length === 0 || !hasCapability(request.session.credentials.caps, 'admin')) return;
  const { session } = await ctx.identities.get(request.session);
  if (session.distributedMode) return;
  throw new ApiHttpError(
    400,
    `${features.join(', ')} ${features.length === 1 ? 'needs' : 'need'} a distributed (erasure-coded) setup`,
    `${nonErasureNotice} This server stores objects on a single drive; use four or more drives to enable ${features.join(', ')}.`,
  );
}

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether a store failure carries one of these S3/admin error codes. */
export function hasErrorCode(err: unknown, ...codes: string[]): boolean {
  const code = codeOf(err);
  return code !== undefined && codes.includes(code);
}

/**
 * The bucket policy as stored, '' when the bucket has none (S3 API: GetBucketPolicy → NoSuchBucketPolicy)
 * or the server has no bucket policies at all (s3rver: MethodNotAllowed; others NotImplemented).
 */
export async function readBucketPolicy(s3: Minio.Client, bucket: string): Promise<string> {
  try {
    return await s3.getBucketPolicy(bucket);
  } catch (err) {
    if (hasErrorCode(err, 'NoSuchBucketPolicy', 'MethodNotAllowed', 'NotImplemented')) return '';
    throw err;
  }
}
