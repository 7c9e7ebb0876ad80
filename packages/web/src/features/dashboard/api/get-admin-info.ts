import { type AdminInfoResponse, adminInfoResponseSchema, apiPaths } from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';

/** GET /api/v1/admin/info (spec 2 §7): the dashboard's usage summary. */
export function getAdminInfo(signal?: AbortSignal): Promise<AdminInfoResponse> {
  return apiRequest(apiPaths.adminInfo, { schema: adminInfoResponseSchema, signal });
}

export function useAdminInfo(): UseQueryResult<AdminInfoResponse> {
  return useQuery({ queryKey: ['admin-info'], queryFn: ({ signal }) => getAdminInfo(signal) });
}
