// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath, type Policy, policySchema } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { identityKeys } from '@/shared/identity/identity-keys';

/** PUT /api/v1/policies/{name}: saves the JSON of an existing policy (the JSON tab's Save). */
export function updatePolicy(name: string, policy: string): Promise<Policy> {
  return apiRequest(fillApiPath(apiPaths.policyByName, { name }), {
    method: 'PUT',
    body: { policy },
    schema: policySchema,
  });
}

export function useUpdatePolicy(name: string): UseMutationResult<Policy, ApiError, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy) => updatePolicy(name, policy),
    onSuccess: (saved) => {
      queryClient.setQueryData(identityKeys.policy(name), saved);
      return queryClient.invalidateQueries({ queryKey: identityKeys.policyList() });
    },
  });
}
