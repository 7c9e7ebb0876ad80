// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketCors,
  type BucketCorsInput,
  bucketCorsSchema,
  fillApiPath,
} from '@stowage/contracts';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { useDocumentQuery, useDocumentWrite } from '@/shared/api/document-query';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

const corsKey = (bucket: string) => [...bucketKeys.bucket(bucket), 'cors'] as const;

/** GET /api/v1/buckets/{bucket}/cors (issue 36). */
export function getBucketCors(bucket: string, signal?: AbortSignal): Promise<BucketCors> {
  return apiRequest(fillApiPath(apiPaths.bucketCors, { bucket }), { schema: bucketCorsSchema, signal });
}

export function useBucketCors(bucket: string, enabled: boolean): UseQueryResult<BucketCors> {
  return useDocumentQuery(corsKey(bucket), (signal) => getBucketCors(bucket, signal), enabled);
}

/** PUT the whole rule set (none removes the configuration). */
export function useSetBucketCors(bucket: string): UseMutationResult<BucketCors, ApiError, BucketCorsInput> {
  return useDocumentWrite(corsKey(bucket), (body: BucketCorsInput) =>
    apiRequest(fillApiPath(apiPaths.bucketCors, { bucket }), {
      method: 'PUT',
      body,
      schema: bucketCorsSchema,
    }),
  );
}
