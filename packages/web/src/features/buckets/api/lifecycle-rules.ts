// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  fillApiPath,
  type LifecycleRuleRequest,
  type LifecycleRulesResponse,
  lifecycleRulesResponseSchema,
  type TiersResponse,
  tiersResponseSchema,
  type UpdateLifecycleRuleRequest,
} from '@stowage/contracts';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

const lifecycleKey = (bucket: string) => [...bucketKeys.bucket(bucket), 'lifecycle'] as const;

/** GET /api/v1/buckets/{bucket}/lifecycle (spec 1 §7). */
export function useLifecycleRules(bucket: string): UseQueryResult<LifecycleRulesResponse> {
  return useQuery({
    queryKey: lifecycleKey(bucket),
    queryFn: ({ signal }) =>
      apiRequest(fillApiPath(apiPaths.bucketLifecycle, { bucket }), {
        schema: lifecycleRulesResponseSchema,
        signal,
      }),
  });
}

/** GET /api/v1/admin/tiers: the storage classes a transition may use (spec 1 §7; a failed load is silent). */
export function useTierNames(enabled: boolean): string[] {
  const tiers = useQuery<TiersResponse>({
    queryKey: ['tiers', 'list'],
    queryFn: ({ signal }) => apiRequest(apiPaths.tiers, { schema: tiersResponseSchema, signal }),
    enabled,
  });
  return (tiers.data?.items ?? []).map((t) => t[t.type]?.name ?? '').filter((n) => n !== '');
}

type Change =
  | { kind: 'add'; body: LifecycleRuleRequest }
  | { kind: 'update'; id: string; body: UpdateLifecycleRuleRequest }
  | { kind: 'delete'; id: string };

function send(bucket: string, change: Change): Promise<LifecycleRulesResponse> {
  if (change.kind === 'add') {
    return apiRequest(fillApiPath(apiPaths.bucketLifecycle, { bucket }), {
      method: 'POST',
      body: change.body,
      schema: lifecycleRulesResponseSchema,
    });
  }
  const path = fillApiPath(apiPaths.bucketLifecycleRule, { bucket, ruleId: change.id });
  return change.kind === 'update'
    ? apiRequest(path, { method: 'PUT', body: change.body, schema: lifecycleRulesResponseSchema })
    : apiRequest(path, { method: 'DELETE', schema: lifecycleRulesResponseSchema });
}

/** POST, PUT or DELETE of a rule; the bucket's data reloads afterwards (spec 1 §2.5). */
export function useChangeLifecycle(bucket: string): UseMutationResult<LifecycleRulesResponse, Error, Change> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => send(bucket, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bucketKeys.bucket(bucket) }),
  });
}
