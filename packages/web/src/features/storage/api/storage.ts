// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type DriveInfo,
  type FormatDrivesRequest,
  type FormatDrivesResponse,
  formatDrivesResponseSchema,
  listDrivesResponseSchema,
  listPvcsResponseSchema,
  type Pvc,
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
import { tenantKeys } from '@/shared/operator/tenant-keys';

/** GET /api/v1/list-pvcs: every tenant's volume claims. */
export function usePvcs(): UseQueryResult<Pvc[], ApiError> {
  return useQuery({
    queryKey: tenantKeys.pvcs(),
    queryFn: async ({ signal }) =>
      (await apiRequest(apiPaths.listPvcs, { schema: listPvcsResponseSchema, signal })).pvcs,
  });
}

/** GET /api/v1/direct-csi/drives: the storage roots. */
export function useDrives(): UseQueryResult<DriveInfo[], ApiError> {
  return useQuery({
    queryKey: tenantKeys.drives(),
    queryFn: async ({ signal }) =>
      (await apiRequest(apiPaths.drives, { schema: listDrivesResponseSchema, signal })).drives,
    retry: false,
  });
}

/** POST /api/v1/direct-csi/drives/format; the list reloads afterwards. */
export function useFormatDrives(): UseMutationResult<FormatDrivesResponse, ApiError, FormatDrivesRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) =>
      apiRequest(apiPaths.drivesFormat, { method: 'POST', body, schema: formatDrivesResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantKeys.drives() }),
  });
}
