// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type LicenseResponse,
  licenseResponseSchema,
  type ServerLicenseResponse,
  serverLicenseResponseSchema,
} from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { licenseKeys } from '@/shared/about/about';
import { apiRequest } from '@/shared/api/client';

/** GET /api/v1/license: the console's licence text and the third-party notices (fixed per build). */
export function useConsoleLicense(): UseQueryResult<LicenseResponse> {
  return useQuery({
    queryKey: licenseKeys.console(),
    queryFn: ({ signal }) => apiRequest(apiPaths.license, { schema: licenseResponseSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** GET /api/v1/license/server: the managed server's licence as its admin API reports it. */
export function useServerLicense(): UseQueryResult<ServerLicenseResponse> {
  return useQuery({
    queryKey: licenseKeys.server(),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.serverLicense, { schema: serverLicenseResponseSchema, signal }),
    retry: false,
  });
}
