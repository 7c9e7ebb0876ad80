// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ConfigDetail, configDetailSchema, fillApiPath } from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { settingsKeys } from './settings-keys';

/** GET /api/v1/configs/{name} (spec 2 §7): help and values of one set. */
export function getConfig(name: string, signal?: AbortSignal): Promise<ConfigDetail> {
  return apiRequest(fillApiPath(apiPaths.config, { name }), { schema: configDetailSchema, signal });
}

export function useConfig(name: string): UseQueryResult<ConfigDetail> {
  return useQuery({ queryKey: settingsKeys.config(name), queryFn: ({ signal }) => getConfig(name, signal) });
}
