// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ConfigWriteResponse,
  configWriteResponseSchema,
  fillApiPath,
  type SetConfigRequest,
} from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { noteConfigWrite } from '@/shared/system/server-restart';
import { settingsKeys } from './settings-keys';

/** PUT /api/v1/configs/{name} (spec 2 §7); the answer says whether a restart is needed. */
export function saveConfig(name: string, body: SetConfigRequest): Promise<ConfigWriteResponse> {
  return apiRequest(fillApiPath(apiPaths.config, { name }), {
    method: 'PUT',
    body,
    schema: configWriteResponseSchema,
  });
}

/** POST /api/v1/configs/{name}/reset: Restore Defaults. */
export function resetConfig(name: string): Promise<ConfigWriteResponse> {
  return apiRequest(fillApiPath(apiPaths.configReset, { name }), {
    method: 'POST',
    schema: configWriteResponseSchema,
  });
}

/** A save or reset of one set: sets the restart flag when the server asks for it (spec 2 §4). */
export function useConfigWrite(
  name: string,
): UseMutationResult<ConfigWriteResponse, ApiError, SetConfigRequest | 'reset'> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => (body === 'reset' ? resetConfig(name) : saveConfig(name, body)),
    onSuccess: (answer) => {
      noteConfigWrite(answer);
      return queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
