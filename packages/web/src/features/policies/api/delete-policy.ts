// SPDX-License-Identifier: Apache-2.0
import { apiPaths } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { identityKeys } from '@/shared/identity/identity-keys';

/** DELETE /api/v1/policy?name= (spec 2 §7). */
export function deletePolicy(name: string): Promise<void> {
  return apiRequest(apiPaths.policy, { method: 'DELETE', query: { name } });
}

export function useDeletePolicy(): UseMutationResult<void, ApiError, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePolicy,
    onSuccess: (_, name) => {
      queryClient.removeQueries({ queryKey: identityKeys.policy(name) });
      return queryClient.invalidateQueries({ queryKey: identityKeys.all });
    },
  });
}
