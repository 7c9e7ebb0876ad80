// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type OperatorLoginRequest } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { sessionKeys } from '@/shared/session/session-keys';

/** POST /api/v1/login/operator (service-account strategy, spec 1 §7). */
export function loginOperator(body: OperatorLoginRequest): Promise<void> {
  return apiRequest(apiPaths.loginOperator, { method: 'POST', body, endSessionOnAuthFailure: false });
}

export function useLoginOperator(options: {
  onSuccess: () => void;
}): UseMutationResult<void, ApiError, OperatorLoginRequest> {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, OperatorLoginRequest>({
    mutationFn: loginOperator,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: sessionKeys.all });
      options.onSuccess();
    },
  });
}
