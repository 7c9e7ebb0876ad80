// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type BulkAddUsersToGroupsRequest } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { identityKeys } from '@/shared/identity/identity-keys';

/** PUT /api/v1/users-groups-bulk (spec 2 §7). */
export function bulkAddToGroups(body: BulkAddUsersToGroupsRequest): Promise<void> {
  return apiRequest(apiPaths.usersGroupsBulk, { method: 'PUT', body });
}

export function useBulkAddToGroups(): UseMutationResult<void, ApiError, BulkAddUsersToGroupsRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkAddToGroups,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityKeys.all }),
  });
}
