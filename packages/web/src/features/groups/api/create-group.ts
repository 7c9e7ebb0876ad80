// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type CreateGroupRequest, type Group, groupSchema } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { identityKeys } from '@/shared/identity/identity-keys';

/** POST /api/v1/groups (spec 2 §7). */
export function createGroup(body: CreateGroupRequest): Promise<Group> {
  return apiRequest(apiPaths.groups, { method: 'POST', body, schema: groupSchema });
}

export function useCreateGroup(): UseMutationResult<Group, ApiError, CreateGroupRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityKeys.all }),
  });
}
