// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketEncryptionInfo,
  bucketEncryptionInfoSchema,
  fillApiPath,
} from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** GET /api/v1/buckets/{bucket}/encryption/info (disabled is an answer, not an error — spec 1 §8). */
export function getBucketEncryption(bucket: string, signal?: AbortSignal): Promise<BucketEncryptionInfo> {
  return apiRequest(fillApiPath(apiPaths.bucketEncryptionInfo, { bucket: bucket }), {
    schema: bucketEncryptionInfoSchema,
    signal,
  });
}

export const getBucketEncryptionQueryOptions = (bucket: string) =>
  queryOptions({
    queryKey: bucketKeys.encryption(bucket),
    queryFn: ({ signal }) => getBucketEncryption(bucket, signal),
  });

export function useBucketEncryption(bucket: string, enabled = true): UseQueryResult<BucketEncryptionInfo> {
  return useQuery({ ...getBucketEncryptionQueryOptions(bucket), enabled });
}
