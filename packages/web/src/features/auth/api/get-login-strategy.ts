// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type LoginDetails, loginDetailsSchema } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { authKeys } from './auth-keys';

/**
 * GET /api/v1/login: which sign-in screen to show (spec 1 §2.3). A failure here means the backend cannot be
 * reached, which the login screen shows in place, so it must not bounce to /login.
 */
export function getLoginStrategy(signal?: AbortSignal): Promise<LoginDetails> {
  return apiRequest(apiPaths.login, { schema: loginDetailsSchema, signal, endSessionOnAuthFailure: false });
}

export const loginStrategyQueryOptions = queryOptions({
  queryKey: authKeys.strategy(),
  queryFn: ({ signal }) => getLoginStrategy(signal),
  retry: false,
  staleTime: 0,
  gcTime: 0,
});

export function useLoginStrategy(): UseQueryResult<LoginDetails> {
  return useQuery(loginStrategyQueryOptions);
}
