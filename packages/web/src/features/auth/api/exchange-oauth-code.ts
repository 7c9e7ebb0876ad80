// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type OAuth2LoginRequest,
  type OAuth2LoginResponse,
  oauth2LoginResponseSchema,
} from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { sessionKeys } from '@/shared/session/session-keys';

/** POST /api/v1/login/oauth2/auth: trades the identity provider's code for a console session (spec 3). */
export function exchangeOAuthCode(body: OAuth2LoginRequest): Promise<OAuth2LoginResponse> {
  return apiRequest(apiPaths.loginOAuth2, {
    method: 'POST',
    body,
    schema: oauth2LoginResponseSchema,
    endSessionOnAuthFailure: false,
  });
}

export function useExchangeOAuthCode(options: {
  onSuccess: () => void;
  onError: () => void;
}): UseMutationResult<OAuth2LoginResponse, ApiError, OAuth2LoginRequest> {
  const queryClient = useQueryClient();
  return useMutation<OAuth2LoginResponse, ApiError, OAuth2LoginRequest>({
    mutationFn: exchangeOAuthCode,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: sessionKeys.all });
      options.onSuccess();
    },
    onError: options.onError,
  });
}
