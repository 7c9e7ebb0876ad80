// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ConfigDetail,
  type ConfigWriteResponse,
  configDetailSchema,
  configWriteResponseSchema,
  fillApiPath,
  type IdpListResponse,
  type IdpType,
  idpListResponseSchema,
} from '@stowage/contracts';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { noteConfigWrite } from '@/shared/system/server-restart';
import { settingsKeys } from './settings-keys';

/** GET /api/v1/idp/{type}: the configurations and the help of their keys. */
export function useIdpList(type: IdpType): UseQueryResult<IdpListResponse> {
  return useQuery({
    queryKey: settingsKeys.idpList(type),
    queryFn: ({ signal }) =>
      apiRequest(fillApiPath(apiPaths.idp, { type }), { schema: idpListResponseSchema, signal }),
  });
}

/** GET /api/v1/idp/{type}/{name}: one configuration as a configuration detail (null: none asked). */
export function useIdpConfig(type: IdpType, name: string | null): UseQueryResult<ConfigDetail> {
  return useQuery({
    queryKey: settingsKeys.idp(type, name ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(fillApiPath(apiPaths.idpConfig, { type, name: name ?? '_' }), {
        schema: configDetailSchema,
        signal,
      }),
    enabled: name !== null,
  });
}

export type IdpWrite =
  | { kind: 'add'; name: string; key_values: { key: string; value: string }[] }
  | { kind: 'update'; name: string; key_values: { key: string; value: string }[] }
  | { kind: 'delete'; name: string };

/** Add (POST), update (PUT) or delete a configuration; sets the restart flag when the server asks. */
export function useIdpWrite(type: IdpType): UseMutationResult<ConfigWriteResponse, ApiError, IdpWrite> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (w) =>
      w.kind === 'add'
        ? apiRequest(fillApiPath(apiPaths.idp, { type }), {
            method: 'POST',
            body: { name: w.name, key_values: w.key_values },
            schema: configWriteResponseSchema,
          })
        : apiRequest(fillApiPath(apiPaths.idpConfig, { type, name: w.name }), {
            method: w.kind === 'update' ? 'PUT' : 'DELETE',
            ...(w.kind === 'update' ? { body: { key_values: w.key_values } } : {}),
            schema: configWriteResponseSchema,
          }),
    onSuccess: (answer) => {
      noteConfigWrite(answer);
      return queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
