// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type CreateJobRequest, type Job, jobSchema } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';

/** POST /api/v1/jobs (issue 35): starts a copy, move, rename or delete job; it runs on in the console. */
export function createJob(body: CreateJobRequest): Promise<Job> {
  return apiRequest(apiPaths.jobs, { method: 'POST', body, schema: jobSchema });
}

export function useCreateJob(): UseMutationResult<Job, Error, CreateJobRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: objectKeys.jobs }),
  });
}
