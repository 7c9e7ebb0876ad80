// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath, type Job, type JobAction, jobSchema } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { objectKeys } from './object-keys';

/** POST /api/v1/jobs/{id}/{pause|resume|cancel} (issue 35). */
export function updateJob(id: string, action: JobAction): Promise<Job> {
  return apiRequest(fillApiPath(apiPaths.jobAction, { id, action }), { method: 'POST', schema: jobSchema });
}

export function useUpdateJob(): UseMutationResult<Job, Error, { id: string; action: JobAction }> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }) => updateJob(id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: objectKeys.jobs }),
  });
}
