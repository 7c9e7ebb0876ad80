// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath, type PodEvent, podEventsSchema } from '@stowage/contracts';
import { useQueries } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { tenantKeys } from '@/shared/operator/tenant-keys';
import { useTenantPods } from '../api/pods';
import { EventsTable } from './events-table';

/** Events tab: the events of every pod of the tenant, newest first. */
export function EventsPanel({ ns, tenant }: { ns: string; tenant: string }): ReactElement {
  const pods = useTenantPods(ns, tenant);
  const perPod = useQueries({
    queries: (pods.data ?? []).map((p) => ({
      queryKey: tenantKeys.pod(ns, tenant, p.name, 'events'),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest(fillApiPath(apiPaths.tenantPodEvents, { ns, tenant, pod: p.name }), {
          schema: podEventsSchema,
          signal,
        }),
    })),
  });
  const failed = perPod.find((q) => q.isError)?.error as ApiError | undefined;
  const events: PodEvent[] = perPod.flatMap((q) => q.data ?? []);
  const query = {
    isPending: pods.isPending || perPod.some((q) => q.isPending),
    isError: pods.isError || failed !== undefined,
    error: pods.error ?? failed ?? null,
  };
  return <EventsTable query={query} events={events} />;
}
