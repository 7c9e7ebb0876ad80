// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketReplication,
  bucketReplicationSchema,
  type ExternalBuckets,
  externalBucketsSchema,
  fillApiPath,
  type ListExternalBucketsRequest,
  type MultiBucketReplicationRequest,
  type ReplicationResult,
  type ReplicationRuleUpdate,
  replicationResultSchema,
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

/** GET /api/v1/buckets/{bucket}/replication: the rules and the replication figures. */
export function useBucketReplication(bucket: string, enabled = true): UseQueryResult<BucketReplication> {
  return useQuery({
    queryKey: bucketKeys.replication(bucket),
    queryFn: ({ signal }) =>
      apiRequest(fillApiPath(apiPaths.bucketReplication, { bucket }), {
        schema: bucketReplicationSchema,
        signal,
      }),
    enabled,
  });
}

/** POST /api/v1/buckets-replication; reloads the origin buckets afterwards. */
export function useSetBucketsReplication(): UseMutationResult<
  ReplicationResult,
  Error,
  MultiBucketReplicationRequest
> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MultiBucketReplicationRequest) =>
      apiRequest(apiPaths.bucketsReplication, { method: 'POST', body, schema: replicationResultSchema }),
    onSuccess: (_r, body) =>
      Promise.all(
        body.bucketsRelation.map((r) =>
          queryClient.invalidateQueries({ queryKey: bucketKeys.bucket(r.originBucket) }),
        ),
      ),
  });
}

/** DELETE /api/v1/buckets/{bucket}/replication/{rule}. */
export function useDeleteReplicationRule(bucket: string): UseMutationResult<void, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: string) =>
      apiRequest(fillApiPath(apiPaths.bucketReplicationRule, { bucket, rule }), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bucketKeys.bucket(bucket) }),
  });
}

/** PUT /api/v1/buckets/{bucket}/replication/{rule}: the rule's edit form. */
export function useUpdateReplicationRule(
  bucket: string,
): UseMutationResult<void, Error, { rule: string; body: ReplicationRuleUpdate }> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rule, body }: { rule: string; body: ReplicationRuleUpdate }) =>
      apiRequest(fillApiPath(apiPaths.bucketReplicationRule, { bucket, rule }), { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bucketKeys.bucket(bucket) }),
  });
}

/** POST /api/v1/list-external-buckets: the remote server's buckets (the wizard's second step). */
export function listExternalBuckets(body: ListExternalBucketsRequest): Promise<ExternalBuckets> {
  return apiRequest(apiPaths.listExternalBuckets, { method: 'POST', body, schema: externalBucketsSchema });
}
