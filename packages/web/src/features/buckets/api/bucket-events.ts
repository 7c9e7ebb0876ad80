// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type CreateBucketEventRequest,
  fillApiPath,
  type ListBucketEventsResponse,
  listBucketEventsResponseSchema,
} from '@stowage/contracts';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

const eventsKey = (bucket: string) => [...bucketKeys.bucket(bucket), 'events'] as const;

/** GET /api/v1/buckets/{bucket}/events (spec 1 "Events"). */
export function listBucketEvents(bucket: string, signal?: AbortSignal): Promise<ListBucketEventsResponse> {
  return apiRequest(fillApiPath(apiPaths.bucketEvents, { bucket }), {
    schema: listBucketEventsResponseSchema,
    signal,
  });
}

export function useBucketEvents(bucket: string): UseQueryResult<ListBucketEventsResponse> {
  return useQuery({ queryKey: eventsKey(bucket), queryFn: ({ signal }) => listBucketEvents(bucket, signal) });
}

/** Subscribe To Event (POST) or Delete Event (DELETE by subscription id). */
export type BucketEventWrite =
  | { op: 'create'; body: CreateBucketEventRequest }
  | { op: 'delete'; id: string };

export function writeBucketEvent(bucket: string, write: BucketEventWrite): Promise<ListBucketEventsResponse> {
  const schema = listBucketEventsResponseSchema;
  if (write.op === 'create') {
    return apiRequest(fillApiPath(apiPaths.bucketEvents, { bucket }), {
      method: 'POST',
      body: write.body,
      schema,
    });
  }
  return apiRequest(fillApiPath(apiPaths.bucketEvent, { bucket, id: write.id }), {
    method: 'DELETE',
    schema,
  });
}

export function useBucketEventWrite(
  bucket: string,
): UseMutationResult<ListBucketEventsResponse, ApiError, BucketEventWrite> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write) => writeBucketEvent(bucket, write),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey(bucket) }),
  });
}
