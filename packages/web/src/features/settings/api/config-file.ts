// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ConfigHistoryResponse,
  type ConfigWriteResponse,
  configHistoryResponseSchema,
  configWriteResponseSchema,
  fillApiPath,
} from '@stowage/contracts';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { withBasePath } from '@/shared/api/base-path';
import { apiRequest } from '@/shared/api/client';
import { noteConfigWrite } from '@/shared/system/server-restart';
import { settingsKeys } from './settings-keys';

/** GET /api/v1/configs/export, as a link the browser downloads (the server names the file). */
export function exportConfigUrl(): string {
  return withBasePath(apiPaths.configExport);
}

/** POST /api/v1/configs/import with the text of a chosen file. */
export function importConfig(config: string): Promise<ConfigWriteResponse> {
  return apiRequest(apiPaths.configImport, {
    method: 'POST',
    body: { config },
    schema: configWriteResponseSchema,
  });
}

/** GET /api/v1/configs/history (newest first). */
export function listConfigHistory(signal?: AbortSignal): Promise<ConfigHistoryResponse> {
  return apiRequest(apiPaths.configHistory, {
    query: { count: 50 },
    schema: configHistoryResponseSchema,
    signal,
  });
}

/** POST /api/v1/configs/history/{restoreId}/restore. */
export function restoreConfig(restoreId: string): Promise<ConfigWriteResponse> {
  return apiRequest(fillApiPath(apiPaths.configHistoryRestore, { restoreId }), {
    method: 'POST',
    schema: configWriteResponseSchema,
  });
}

export function useConfigHistory(enabled: boolean): UseQueryResult<ConfigHistoryResponse> {
  return useQuery({
    queryKey: settingsKeys.history(),
    queryFn: ({ signal }) => listConfigHistory(signal),
    enabled,
  });
}

/** Import or restore: both replace the configuration and need a restart. */
export function useReplaceConfig(): UseMutationResult<
  ConfigWriteResponse,
  ApiError,
  { file: string } | { restoreId: string }
> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (what) => ('file' in what ? importConfig(what.file) : restoreConfig(what.restoreId)),
    onSuccess: (answer) => {
      noteConfigWrite(answer);
      return queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
