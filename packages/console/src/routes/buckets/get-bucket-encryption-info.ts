// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type BucketEncryptionInfo,
  bucketEncryptionInfoSchema,
  bucketRouteParamsSchema,
} from '@stowage/contracts';
import { requireCapability } from '../../capabilities/require.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { hasErrorCode } from './bucket-route-support.js';

interface SseRule {
  ApplyServerSideEncryptionByDefault?: { SSEAlgorithm?: string; KMSMasterKeyID?: string };
}

/**
 * GET /api/v1/buckets/{bucket}/encryption/info (spec 1 §3 "Encryption info", §8): 'The server side
 * encryption configuration was not found' (ServerSideEncryptionConfigurationNotFoundError) means
 * encryption is disabled — answered as `status: disabled`, not as an error. AES256 is SSE-S3, anything
 * else SSE-KMS.
 */
export function registerGetBucketEncryptionInfo(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.bucketEncryptionInfo,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Default encryption of a bucket',
        params: bucketRouteParamsSchema,
        response: {
          200: bucketEncryptionInfoSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request): Promise<BucketEncryptionInfo> => {
      requireCapability(request.session, ctx.endpoint, 'encryption');
      try {
        // minio-js answers the parsed document, its root element included.
        type Config = { Rule?: SseRule | SseRule[] };
        const answer = (await request.session.s3.getBucketEncryption(request.params.bucket)) as Config & {
          ServerSideEncryptionConfiguration?: Config;
        };
        const config = answer?.ServerSideEncryptionConfiguration ?? answer;
        const rules = Array.isArray(config?.Rule) ? config.Rule : config?.Rule ? [config.Rule] : [];
        const sse = rules[0]?.ApplyServerSideEncryptionByDefault;
        const algorithm = sse?.SSEAlgorithm ?? '';
        if (algorithm === '') return { status: 'disabled', algorithm: '', kmsMasterKeyID: '' };
        return {
          status: algorithm === 'AES256' ? 'sse-s3' : 'sse-kms',
          algorithm,
          kmsMasterKeyID: sse?.KMSMasterKeyID ?? '',
        };
      } catch (err) {
        if (hasErrorCode(err, 'ServerSideEncryptionConfigurationNotFoundError')) {
          return { status: 'disabled', algorithm: '', kmsMasterKeyID: '' };
        }
        throw err;
      }
    },
  );
}
