// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketEncryptionInfo,
  bucketEncryptionInfoSchema,
  bucketRouteParamsSchema,
  enableBucketEncryptionRequestSchema,
} from '@stowage/contracts';
import { requireCapability } from '../../capabilities/require.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { bucketSettingErrorResponses } from './bucket-route-support.js';

/**
 * POST /api/v1/buckets/{bucket}/encryption/enable and …/disable (spec 1 §4 "Encryption", §7): the
 * bucket's default encryption through S3 PutBucketEncryption (SSE-S3 = AES256, SSE-KMS = aws:kms
 * with the key) and DeleteBucketEncryption. An unknown KMS key is the server's KMS.NotFoundException.
 */
export function registerSetBucketEncryption(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.bucketEncryptionEnable,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Enable default encryption of a bucket (SSE-S3 or SSE-KMS)',
        params: bucketRouteParamsSchema,
        body: enableBucketEncryptionRequestSchema,
        response: { 200: bucketEncryptionInfoSchema, ...bucketSettingErrorResponses },
      },
    },
    async (request): Promise<BucketEncryptionInfo> => {
      requireCapability(request.session, ctx.endpoint, 'encryption');
      const kms = request.body.encType === 'sse-kms';
      const keyId = kms ? (request.body.kmsKeyID ?? '').trim() : '';
      const algorithm = kms ? 'aws:kms' : 'AES256';
      await request.session.s3.setBucketEncryption(request.params.bucket, {
        Rule: [
          {
            ApplyServerSideEncryptionByDefault: {
              SSEAlgorithm: algorithm,
              ...(kms ? { KMSMasterKeyID: keyId } : {}),
            },
          },
        ],
      });
      return { status: request.body.encType, algorithm, kmsMasterKeyID: keyId };
    },
  );

  app.post(
    apiPaths.bucketEncryptionDisable,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Disable default encryption of a bucket (objects stay as they are stored)',
        params: bucketRouteParamsSchema,
        response: { 200: bucketEncryptionInfoSchema, ...bucketSettingErrorResponses },
      },
    },
    async (request): Promise<BucketEncryptionInfo> => {
      requireCapability(request.session, ctx.endpoint, 'encryption');
      await request.session.s3.removeBucketEncryption(request.params.bucket);
      return { status: 'disabled', algorithm: '', kmsMasterKeyID: '' };
    },
  );
}
