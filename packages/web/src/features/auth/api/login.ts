// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type LoginRequest } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { sessionKeys } from '@/shared/session/session-keys';
import { setUserMarker } from '@/shared/session/user-marker';

/** POST /api/v1/login (form strategy). A 401 is "wrong credentials" here, shown in the login banner. */
export function login(body: LoginRequest): Promise<void> {
  return apiRequest(apiPaths.login, { method: 'POST', body, endSessionOnAuthFailure: false });
}

/** Signs in; on success stores the base64 user-name marker (spec 1 §4) and drops any stale session. */
export function useLogin(options: {
  onSuccess: () => void;
}): UseMutationResult<void, ApiError, LoginRequest> {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, LoginRequest>({
    mutationFn: login,
    onSuccess: (_, variables) => {
      setUserMarker(variables.accessKey);
      queryClient.removeQueries({ queryKey: sessionKeys.all });
      options.onSuccess();
    },
  });
}
