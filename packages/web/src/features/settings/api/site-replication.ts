// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type PeerInfo,
  type SiteReplicationAddRequest,
  type SiteReplicationAddResponse,
  type SiteReplicationEntityType,
  type SiteReplicationInfo,
  type SiteReplicationResyncRequest,
  type SiteReplicationResyncResponse,
  type SiteReplicationStatus,
  siteReplicationAddResponseSchema,
  siteReplicationInfoSchema,
  siteReplicationResyncResponseSchema,
  siteReplicationStatusSchema,
} from '@stowage/contracts';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { settingsKeys } from './settings-keys';

/** GET /api/v1/admin/site-replication: this site's replication set (issue 34). */
export function useSiteReplicationInfo(): UseQueryResult<SiteReplicationInfo> {
  return useQuery({
    queryKey: settingsKeys.siteReplication(),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.siteReplication, { schema: siteReplicationInfoSchema, signal }),
  });
}

/** What the status page looks up: nothing (the summary) or one bucket, user, group or policy. */
export interface EntityLookup {
  entityType: SiteReplicationEntityType;
  entityValue: string;
}

/** GET /api/v1/admin/site-replication/status, refreshed every 5 s while shown. */
export function useSiteReplicationStatus(lookup?: EntityLookup): UseQueryResult<SiteReplicationStatus> {
  return useQuery({
    queryKey: settingsKeys.siteReplicationStatus(lookup?.entityType, lookup?.entityValue),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.siteReplicationStatus, {
        schema: siteReplicationStatusSchema,
        signal,
        ...(lookup ? { query: { entityType: lookup.entityType, entityValue: lookup.entityValue } } : {}),
      }),
    refetchInterval: 5000,
  });
}

function useSiteReplicationMutation<In, Out>(
  call: (body: In) => Promise<Out>,
): UseMutationResult<Out, Error, In> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.siteReplication() }),
  });
}

/** POST: this site and its peers become one replication set. */
export function useAddSites(): UseMutationResult<
  SiteReplicationAddResponse,
  Error,
  SiteReplicationAddRequest
> {
  return useSiteReplicationMutation((body: SiteReplicationAddRequest) =>
    apiRequest(apiPaths.siteReplication, { method: 'POST', body, schema: siteReplicationAddResponseSchema }),
  );
}

/** PUT: a site's new endpoint. */
export function useEditSite(): UseMutationResult<void, Error, PeerInfo> {
  return useSiteReplicationMutation((body: PeerInfo) =>
    apiRequest(apiPaths.siteReplication, { method: 'PUT', body }),
  );
}

/** DELETE: sites leave the set (`all` ends it). */
export function useRemoveSites(): UseMutationResult<void, Error, { sites: string[]; all?: boolean }> {
  return useSiteReplicationMutation((body: { sites: string[]; all?: boolean }) =>
    apiRequest(apiPaths.siteReplication, { method: 'DELETE', body }),
  );
}

/** POST …/resync: start (or cancel) sending everything to one peer again; the status is read anew after. */
export function useResyncSite(): UseMutationResult<
  SiteReplicationResyncResponse,
  Error,
  SiteReplicationResyncRequest
> {
  return useSiteReplicationMutation((body: SiteReplicationResyncRequest) =>
    apiRequest(apiPaths.siteReplicationResync, {
      method: 'POST',
      body,
      schema: siteReplicationResyncResponseSchema,
    }),
  );
}
