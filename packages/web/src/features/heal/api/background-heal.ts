// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type BackgroundHeal, backgroundHealSchema } from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';

/** Query keys of the Heal area. */
export const healKeys = {
  all: ['heal'] as const,
  background: () => [...healKeys.all, 'background'] as const,
};

/** GET /api/v1/admin/heal/background, refreshed every 10 s while the page is open. */
export function useBackgroundHeal(): UseQueryResult<BackgroundHeal> {
  return useQuery({
    queryKey: healKeys.background(),
    queryFn: ({ signal }) => apiRequest(apiPaths.backgroundHeal, { schema: backgroundHealSchema, signal }),
    refetchInterval: 10_000,
  });
}
