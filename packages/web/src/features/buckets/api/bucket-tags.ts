// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type BucketTags, bucketTagsSchema, fillApiPath } from '@stowage/contracts';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { useDocumentQuery, useDocumentWrite } from '@/shared/api/document-query';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

const tagsKey = (bucket: string) => [...bucketKeys.bucket(bucket), 'tags'] as const;

/** GET /api/v1/buckets/{bucket}/tags (issue 36). */
export function useBucketTags(bucket: string, enabled: boolean): UseQueryResult<BucketTags> {
  return useDocumentQuery(
    tagsKey(bucket),
    (signal) =>
      apiRequest(fillApiPath(apiPaths.bucketTags, { bucket }), { schema: bucketTagsSchema, signal }),
    enabled,
  );
}

/** PUT the whole tag set (none removes it). */
export function useSetBucketTags(
  bucket: string,
): UseMutationResult<BucketTags, ApiError, Record<string, string>> {
  return useDocumentWrite(tagsKey(bucket), (tags: Record<string, string>) =>
    apiRequest(fillApiPath(apiPaths.bucketTags, { bucket }), {
      method: 'PUT',
      body: { tags },
      schema: bucketTagsSchema,
    }),
  );
}
