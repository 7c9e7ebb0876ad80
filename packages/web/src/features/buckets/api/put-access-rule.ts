// SPDX-License-Identifier: Apache-2.0
import {
  type AccessRulesResponse,
  accessRulesResponseSchema,
  apiPaths,
  fillApiPath,
  type PutAccessRuleRequest,
} from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** PUT /api/v1/bucket/{bucket}/access-rules: adds or changes the rule of a prefix. */
export function putAccessRule(bucket: string, body: PutAccessRuleRequest): Promise<AccessRulesResponse> {
  return apiRequest(fillApiPath(apiPaths.bucketAccessRules, { bucket }), {
    method: 'PUT',
    body,
    schema: accessRulesResponseSchema,
  });
}

/** Reloads everything shown about the bucket afterwards (spec 1 §2.5 "All data reloads after a modal"). */
export function usePutAccessRule(
  bucket: string,
): UseMutationResult<AccessRulesResponse, Error, PutAccessRuleRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutAccessRuleRequest) => putAccessRule(bucket, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bucketKeys.bucket(bucket) }),
  });
}
