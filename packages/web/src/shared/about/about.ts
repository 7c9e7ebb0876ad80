// SPDX-License-Identifier: Apache-2.0
import { type AboutResponse, aboutResponseSchema, apiPaths } from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';

/** Query keys of the License page and the About line (they share the console's version). */
export const licenseKeys = {
  all: ['license'] as const,
  about: () => [...licenseKeys.all, 'about'] as const,
  console: () => [...licenseKeys.all, 'console'] as const,
  server: () => [...licenseKeys.all, 'server'] as const,
};

/** GET /api/v1/about: product, version and licence (the side menu's footer). */
export function useAbout(): UseQueryResult<AboutResponse> {
  return useQuery({
    queryKey: licenseKeys.about(),
    queryFn: ({ signal }) => apiRequest(apiPaths.about, { schema: aboutResponseSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
