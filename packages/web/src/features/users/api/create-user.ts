// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type CreateUserRequest, type User, userSchema } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { identityKeys } from '@/shared/identity/identity-keys';

/** POST /api/v1/users (spec 2 §7). */
export function createUser(body: CreateUserRequest): Promise<User> {
  return apiRequest(apiPaths.users, { method: 'POST', body, schema: userSchema });
}

export function useCreateUser(): UseMutationResult<User, ApiError, CreateUserRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // Groups may have been created and policies gained a user: refresh the whole area.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityKeys.all }),
  });
}
