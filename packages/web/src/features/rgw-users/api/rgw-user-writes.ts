// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  fillApiPath,
  type RgwCreateUser,
  type RgwKey,
  type RgwModifyUser,
  type RgwQuota,
  type RgwUser,
  rgwKeyListSchema,
  rgwUserSchema,
} from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { rgwKeys } from './rgw-keys';

/** POST /api/v1/rgw/users: a new user with a generated S3 key pair. */
export function createRgwUser(body: RgwCreateUser): Promise<RgwUser> {
  return apiRequest(apiPaths.rgwUsers, { method: 'POST', body, schema: rgwUserSchema });
}

/** PUT /api/v1/rgw/users/{uid}: only the fields given change. */
export function updateRgwUser(uid: string, body: RgwModifyUser): Promise<RgwUser> {
  return apiRequest(fillApiPath(apiPaths.rgwUser, { uid }), { method: 'PUT', body, schema: rgwUserSchema });
}

/** DELETE /api/v1/rgw/users/{uid}; `purgeData` also deletes the user's buckets and objects. */
export function deleteRgwUser(uid: string, purgeData: boolean): Promise<void> {
  return apiRequest(fillApiPath(apiPaths.rgwUser, { uid }), {
    method: 'DELETE',
    query: { purgeData: String(purgeData) },
  });
}

/** POST /api/v1/rgw/users/{uid}/keys: RGW generates the pair; answers every key of the user. */
export async function createRgwKey(uid: string): Promise<RgwKey[]> {
  const answer = await apiRequest(fillApiPath(apiPaths.rgwUserKeys, { uid }), {
    method: 'POST',
    body: {},
    schema: rgwKeyListSchema,
  });
  return answer.keys;
}

export function deleteRgwKey(uid: string, accessKey: string): Promise<void> {
  return apiRequest(fillApiPath(apiPaths.rgwUserKey, { uid, accessKey }), { method: 'DELETE' });
}

export function setRgwQuota(uid: string, scope: 'user' | 'bucket', quota: RgwQuota): Promise<RgwUser> {
  return apiRequest(fillApiPath(apiPaths.rgwUserQuota, { uid, scope }), {
    method: 'PUT',
    body: quota,
    schema: rgwUserSchema,
  });
}

/** A mutation that refreshes the RGW screens when it succeeds. */
function useRgwMutation<T, V>(run: (vars: V) => Promise<T>): UseMutationResult<T, ApiError, V> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rgwKeys.all }),
  });
}

export const useCreateRgwUser = () => useRgwMutation(createRgwUser);
export const useUpdateRgwUser = (uid: string) =>
  useRgwMutation((changes: RgwModifyUser) => updateRgwUser(uid, changes));
export const useDeleteRgwUser = () =>
  useRgwMutation(({ uid, purgeData }: { uid: string; purgeData: boolean }) => deleteRgwUser(uid, purgeData));
export const useCreateRgwKey = (uid: string) => useRgwMutation((_: undefined) => createRgwKey(uid));
export const useDeleteRgwKey = (uid: string) =>
  useRgwMutation((accessKey: string) => deleteRgwKey(uid, accessKey));
export const useSetRgwQuota = (uid: string) =>
  useRgwMutation(({ scope, quota }: { scope: 'user' | 'bucket'; quota: RgwQuota }) =>
    setRgwQuota(uid, scope, quota),
  );
