// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type CreateBucketRequest,
  type CreateBucketResponse,
  createBucketResponseSchema,
} from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';
import { sessionKeys } from '@/shared/session/session-keys';

/** POST /api/v1/buckets (spec 1 §7): creates and configures the bucket in one request. */
export function createBucket(body: CreateBucketRequest): Promise<CreateBucketResponse> {
  return apiRequest(apiPaths.buckets, { method: 'POST', body, schema: createBucketResponseSchema });
}

export function useCreateBucket(): UseMutationResult<CreateBucketResponse, Error, CreateBucketRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBucket,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bucketKeys.list() });
      // A first bucket lets the backend probe bucket features it could only guess at sign-in (issue 24).
      return queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
    },
  });
}
