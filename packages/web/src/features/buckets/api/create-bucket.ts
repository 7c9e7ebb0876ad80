import {
  apiPaths,
  type CreateBucketRequest,
  type CreateBucketResponse,
  createBucketResponseSchema,
} from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** POST /api/v1/buckets (spec 1 §7): creates and configures the bucket in one request. */
export function createBucket(body: CreateBucketRequest): Promise<CreateBucketResponse> {
  return apiRequest(apiPaths.buckets, { method: 'POST', body, schema: createBucketResponseSchema });
}

export function useCreateBucket(): UseMutationResult<CreateBucketResponse, Error, CreateBucketRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBucket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bucketKeys.list() }),
  });
}
