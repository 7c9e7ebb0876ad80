// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type Session, sessionSchema } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { sessionKeys } from './session-keys';

/** GET /api/v1/session (spec 1 §4 "Session bootstrap"). A 401 ends the session in the API client. */
export function getSession(signal?: AbortSignal): Promise<Session> {
  return apiRequest(apiPaths.session, { schema: sessionSchema, signal });
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKeys.current(),
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 60_000,
  retry: false,
});

export function useSession(): UseQueryResult<Session> {
  return useQuery(sessionQueryOptions);
}
