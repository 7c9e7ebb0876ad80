// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type UpdateUserRequest, type User, userSchema } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { identityKeys } from '@/shared/identity/identity-keys';

/** PUT /api/v1/user?name= (spec 2 §7): status, groups and (optionally) policies. */
export function updateUser(name: string, body: UpdateUserRequest): Promise<User> {
  return apiRequest(apiPaths.user, { method: 'PUT', query: { name }, body, schema: userSchema });
}

export function useUpdateUser(name: string): UseMutationResult<User, ApiError, UpdateUserRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => updateUser(name, body),
    onSuccess: (user) => {
      queryClient.setQueryData(identityKeys.user(name), user);
      return queryClient.invalidateQueries({ queryKey: identityKeys.all });
    },
  });
}
