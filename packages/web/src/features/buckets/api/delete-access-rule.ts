// SPDX-License-Identifier: Apache-2.0
import {
  type AccessRulesResponse,
  accessRulesResponseSchema,
  apiPaths,
  type DeleteAccessRuleRequest,
  fillApiPath,
} from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** DELETE /api/v1/bucket/{bucket}/access-rules: removes the rule of a prefix. */
export function deleteAccessRule(
  bucket: string,
  body: DeleteAccessRuleRequest,
): Promise<AccessRulesResponse> {
  return apiRequest(fillApiPath(apiPaths.bucketAccessRules, { bucket }), {
    method: 'DELETE',
    body,
    schema: accessRulesResponseSchema,
  });
}

/** Reloads everything shown about the bucket afterwards (spec 1 §2.5 "All data reloads after a modal"). */
export function useDeleteAccessRule(
  bucket: string,
): UseMutationResult<AccessRulesResponse, Error, DeleteAccessRuleRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccessRuleRequest) => deleteAccessRule(bucket, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bucketKeys.bucket(bucket) }),
  });
}
