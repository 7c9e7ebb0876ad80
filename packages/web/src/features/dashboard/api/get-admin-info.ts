// SPDX-License-Identifier: Apache-2.0
import { type AdminInfoResponse, adminInfoResponseSchema, apiPaths } from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';

/** Query keys of the dashboard area. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  adminInfo: () => [...dashboardKeys.all, 'admin-info'] as const,
  widgets: () => [...dashboardKeys.all, 'widget'] as const,
  /** Ceph RGW's usage log and capacity (issue 36). */
  rgw: () => [...dashboardKeys.all, 'rgw'] as const,
  widget: (id: number, range: { start?: number; end?: number; step?: number }) =>
    [...dashboardKeys.widgets(), id, range] as const,
};

/** GET /api/v1/admin/info (spec 2 §7): the dashboard's usage summary. */
export function getAdminInfo(signal?: AbortSignal): Promise<AdminInfoResponse> {
  return apiRequest(apiPaths.adminInfo, { schema: adminInfoResponseSchema, signal });
}

export function useAdminInfo(): UseQueryResult<AdminInfoResponse> {
  return useQuery({ queryKey: dashboardKeys.adminInfo(), queryFn: ({ signal }) => getAdminInfo(signal) });
}
