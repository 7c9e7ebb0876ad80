// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ListJobsResponse, listJobsResponseSchema } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';

/** GET /api/v1/jobs (issue 35): the account's background jobs, newest first. */
export function listJobs(signal?: AbortSignal): Promise<ListJobsResponse> {
  return apiRequest(apiPaths.jobs, { schema: listJobsResponseSchema, signal });
}

/** While a job runs its progress is read every second; otherwise the list is read when asked. */
export const listJobsQueryOptions = queryOptions({
  queryKey: objectKeys.jobs,
  queryFn: ({ signal }) => listJobs(signal),
  refetchInterval: (query) => (query.state.data?.jobs.some((j) => j.state === 'running') ? 1000 : false),
});

export function useJobs(): UseQueryResult<ListJobsResponse> {
  return useQuery(listJobsQueryOptions);
}
