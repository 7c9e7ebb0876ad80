// SPDX-License-Identifier: Apache-2.0
import { type AuditSearchResponse, apiPaths, auditSearchResponseSchema } from '@stowage/contracts';
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { type AuditFilters, auditQuery, nextAuditPage } from '../lib/audit-filters';

export const logKeys = {
  all: ['logs'] as const,
  audit: (filters: AuditFilters) => [...logKeys.all, 'audit', filters] as const,
};

/** The audit records matching the filters, 100 per page (`fetchNextPage` as the user scrolls). */
export function useAuditSearch(
  filters: AuditFilters,
  enabled: boolean,
): UseInfiniteQueryResult<InfiniteData<AuditSearchResponse, number>> {
  return useInfiniteQuery({
    queryKey: logKeys.audit(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(apiPaths.logSearch, {
        query: auditQuery(filters, pageParam),
        schema: auditSearchResponseSchema,
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextAuditPage(last.results.length, pages.length),
    enabled,
  });
}
