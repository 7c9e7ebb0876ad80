// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type SetPolicyRequest } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../api/api-error';
import { apiRequest } from '../api/client';
import { identityKeys } from './identity-keys';

/** PUT /api/v1/set-policy (spec 2 §7): replaces the policies of a user or group. */
export function setPolicy(body: SetPolicyRequest): Promise<void> {
  return apiRequest(apiPaths.setPolicy, { method: 'PUT', body });
}

export function useSetPolicy(): UseMutationResult<void, ApiError, SetPolicyRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityKeys.all }),
  });
}
