// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ListConfigsResponse, listConfigsResponseSchema } from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { settingsKeys } from './settings-keys';

/** GET /api/v1/configs: the configuration sets. */
export function listConfigs(signal?: AbortSignal): Promise<ListConfigsResponse> {
  return apiRequest(apiPaths.configs, { schema: listConfigsResponseSchema, signal });
}

export function useConfigs(): UseQueryResult<ListConfigsResponse> {
  return useQuery({ queryKey: settingsKeys.configList(), queryFn: ({ signal }) => listConfigs(signal) });
}
