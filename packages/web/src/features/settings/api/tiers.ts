// SPDX-License-Identifier: Apache-2.0
import {
  type AddTierRequest,
  apiPaths,
  fillApiPath,
  type TierCredentialsRequest,
  type TiersResponse,
  type TierType,
  tiersResponseSchema,
} from '@stowage/contracts';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';

const tiersKey = ['tiers', 'list'] as const;

/** GET /api/v1/admin/tiers (spec 2 §7). */
export function useTiers(): UseQueryResult<TiersResponse> {
  return useQuery({
    queryKey: tiersKey,
    queryFn: ({ signal }) => apiRequest(apiPaths.tiers, { schema: tiersResponseSchema, signal }),
  });
}

/** POST /api/v1/admin/tiers; the list reloads afterwards. */
export function useAddTier(): UseMutationResult<void, Error, AddTierRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddTierRequest) => apiRequest(apiPaths.tiers, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tiersKey }),
  });
}

/** PUT /api/v1/admin/tiers/{type}/{name}/credentials (spec 2 §6: the list refreshes when saved). */
export function useUpdateTierCredentials(
  type: TierType,
  name: string,
): UseMutationResult<void, Error, TierCredentialsRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TierCredentialsRequest) =>
      apiRequest(fillApiPath(apiPaths.tierCredentials, { type, name }), { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tiersKey }),
  });
}

/** DELETE /api/v1/admin/tiers/{name}; the list reloads afterwards. */
export function useRemoveTier(): UseMutationResult<void, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest(fillApiPath(apiPaths.tier, { name }), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tiersKey }),
  });
}
