// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath, type WidgetDataResponse, widgetDataResponseSchema } from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import type { WidgetRangeQuery } from '../lib/widget-values';
import { dashboardKeys } from './get-admin-info';

/** GET /api/v1/admin/info/widgets/{id} (spec 2 §7): one widget's series over the range. */
export function getWidget(
  id: number,
  range: WidgetRangeQuery,
  signal?: AbortSignal,
): Promise<WidgetDataResponse> {
  return apiRequest(fillApiPath(apiPaths.adminInfoWidget, { id: String(id) }), {
    schema: widgetDataResponseSchema,
    query: { ...range },
    signal,
  });
}

export function useWidget(id: number, range: WidgetRangeQuery): UseQueryResult<WidgetDataResponse> {
  return useQuery({
    queryKey: dashboardKeys.widget(id, range),
    queryFn: ({ signal }) => getWidget(id, range, signal),
    retry: false,
  });
}
