// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type CreatePolicyRequest, type Policy, policySchema } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { identityKeys } from '@/shared/identity/identity-keys';

/** POST /api/v1/policies (spec 2 §7). */
export function createPolicy(body: CreatePolicyRequest): Promise<Policy> {
  return apiRequest(apiPaths.policies, { method: 'POST', body, schema: policySchema });
}

export function useCreatePolicy(): UseMutationResult<Policy, ApiError, CreatePolicyRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityKeys.policies() }),
  });
}
