// SPDX-License-Identifier: Apache-2.0
import { apiPaths } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { identityKeys } from '@/shared/identity/identity-keys';

/** DELETE /api/v1/user?name= (spec 2 §7); the backend refuses deleting yourself. */
export function deleteUser(name: string): Promise<void> {
  return apiRequest(apiPaths.user, { method: 'DELETE', query: { name } });
}

export function useDeleteUser(): UseMutationResult<void, ApiError, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_, name) => {
      queryClient.removeQueries({ queryKey: identityKeys.user(name) });
      return queryClient.invalidateQueries({ queryKey: identityKeys.all });
    },
  });
}
