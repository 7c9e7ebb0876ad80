// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  fillApiPath,
  type ServiceAccountCredentials,
  type ServiceAccountList,
  serviceAccountCredentialsSchema,
  serviceAccountListSchema,
} from '@stowage/contracts';
import {
  queryOptions,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiError } from '../api/api-error';
import { apiRequest } from '../api/client';
import { identityKeys } from './identity-keys';

/**
 * Service accounts of the signed-in user (`user` undefined, /account) or of another user (the user
 * detail's Service Accounts tab) — spec 2 §7. Both screens share these calls, so they live in shared.
 */
export function listServiceAccounts(
  user: string | undefined,
  signal?: AbortSignal,
): Promise<ServiceAccountList> {
  const path =
    user === undefined ? apiPaths.serviceAccounts : fillApiPath(apiPaths.userServiceAccounts, { user });
  return apiRequest(path, { schema: serviceAccountListSchema, signal });
}

export const serviceAccountsQueryOptions = (user?: string) =>
  queryOptions({
    queryKey: identityKeys.serviceAccountList(user),
    queryFn: ({ signal }) => listServiceAccounts(user, signal),
  });

export function useServiceAccounts(user?: string): UseQueryResult<ServiceAccountList> {
  return useQuery(serviceAccountsQueryOptions(user));
}

export interface NewServiceAccount {
  /** Empty = inherit the owner's policy. */
  policy: string;
  /** Both set = custom credentials (spec 2 §5). */
  custom?: { accessKey: string; secretKey: string };
}

/** POST …/service-accounts or …/service-account-credentials (spec 2 §7). */
export function createServiceAccount(
  user: string | undefined,
  req: NewServiceAccount,
): Promise<ServiceAccountCredentials> {
  const policy = req.policy.trim() === '' ? undefined : req.policy;
  let path: string;
  if (req.custom) {
    path =
      user === undefined
        ? apiPaths.serviceAccountCredentials
        : fillApiPath(apiPaths.userServiceAccountCredentials, { user });
  } else {
    path =
      user === undefined ? apiPaths.serviceAccounts : fillApiPath(apiPaths.userServiceAccounts, { user });
  }
  return apiRequest(path, {
    method: 'POST',
    body: { policy, ...(req.custom ?? {}) },
    schema: serviceAccountCredentialsSchema,
  });
}

export function useCreateServiceAccount(
  user?: string,
): UseMutationResult<ServiceAccountCredentials, ApiError, NewServiceAccount> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (req) => createServiceAccount(user, req),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityKeys.serviceAccounts() }),
  });
}

/** DELETE /api/v1/service-accounts/{name} (spec 2 §7). */
export function deleteServiceAccount(name: string): Promise<void> {
  return apiRequest(fillApiPath(apiPaths.serviceAccount, { name }), { method: 'DELETE' });
}

export function useDeleteServiceAccount(): UseMutationResult<void, ApiError, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteServiceAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityKeys.serviceAccounts() }),
  });
}
