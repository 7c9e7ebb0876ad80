// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type Group, groupSchema, type UpdateGroupRequest } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { identityKeys } from '@/shared/identity/identity-keys';

/** PUT /api/v1/group?name= (spec 2 §7): members and status, applied on save. */
export function updateGroup(name: string, body: UpdateGroupRequest): Promise<Group> {
  return apiRequest(apiPaths.group, { method: 'PUT', query: { name }, body, schema: groupSchema });
}

export function useUpdateGroup(): UseMutationResult<
  Group,
  ApiError,
  { name: string; body: UpdateGroupRequest }
> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, body }) => updateGroup(name, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityKeys.all }),
  });
}
