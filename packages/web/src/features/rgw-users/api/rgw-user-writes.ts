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
  type rgwSubuserAccessSchema,
  rgwUserSchema,
} from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { rgwKeys } from './rgw-keys';

type RgwSubuserAccess = z.infer<typeof rgwSubuserAccessSchema>;

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

/** PUT /api/v1/rgw/users/{uid}/caps/{type}: the cap's permission, replacing what it had. */
export function setRgwCap(uid: string, type: string, perm: 'read' | 'write' | '*'): Promise<RgwUser> {
  return apiRequest(fillApiPath(apiPaths.rgwUserCap, { uid, type }), {
    method: 'PUT',
    body: { perm },
    schema: rgwUserSchema,
  });
}

export function deleteRgwCap(uid: string, type: string): Promise<void> {
  return apiRequest(fillApiPath(apiPaths.rgwUserCap, { uid, type }), { method: 'DELETE' });
}

/** POST /api/v1/rgw/users/{uid}/subusers: `uid:name` with its access. */
export function createRgwSubuser(uid: string, name: string, access: RgwSubuserAccess): Promise<RgwUser> {
  return apiRequest(fillApiPath(apiPaths.rgwUserSubusers, { uid }), {
    method: 'POST',
    body: { name, access },
    schema: rgwUserSchema,
  });
}

export function deleteRgwSubuser(uid: string, subuser: string): Promise<void> {
  return apiRequest(fillApiPath(apiPaths.rgwUserSubuser, { uid, subuser }), { method: 'DELETE' });
}

/** PUT …/subusers/{subuser}/swift-key: the secret given, or generated; replaces the subuser's key. */
export function setRgwSwiftKey(uid: string, subuser: string, secretKey?: string): Promise<RgwUser> {
  return apiRequest(fillApiPath(apiPaths.rgwSubuserSwiftKey, { uid, subuser }), {
    method: 'PUT',
    body: secretKey === undefined ? {} : { secretKey },
    schema: rgwUserSchema,
  });
}

export function deleteRgwSwiftKey(uid: string, subuser: string): Promise<void> {
  return apiRequest(fillApiPath(apiPaths.rgwSubuserSwiftKey, { uid, subuser }), { method: 'DELETE' });
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
/**
 * Deletes an RGW user and refreshes the RGW screens except the deleted user's own queries: refetching them
 * would answer NoSuchUser and replace the open user page (and its dialog) with an error before the page
 * moves on to the list.
 */
export function useDeleteRgwUser(): UseMutationResult<void, ApiError, { uid: string; purgeData: boolean }> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, purgeData }: { uid: string; purgeData: boolean }) => deleteRgwUser(uid, purgeData),
    onSuccess: (_done, { uid }) => {
      const gone = [rgwKeys.user(uid), rgwKeys.userBuckets(uid)].map((key) => JSON.stringify(key));
      return queryClient.invalidateQueries({
        queryKey: rgwKeys.all,
        predicate: (query) => !gone.includes(JSON.stringify(query.queryKey)),
      });
    },
  });
}
export const useCreateRgwKey = (uid: string) => useRgwMutation((_: undefined) => createRgwKey(uid));
export const useDeleteRgwKey = (uid: string) =>
  useRgwMutation((accessKey: string) => deleteRgwKey(uid, accessKey));
export const useSetRgwQuota = (uid: string) =>
  useRgwMutation(({ scope, quota }: { scope: 'user' | 'bucket'; quota: RgwQuota }) =>
    setRgwQuota(uid, scope, quota),
  );
export const useSetRgwCap = (uid: string) =>
  useRgwMutation(({ type, perm }: { type: string; perm: 'read' | 'write' | '*' }) =>
    setRgwCap(uid, type, perm),
  );
export const useDeleteRgwCap = (uid: string) => useRgwMutation((type: string) => deleteRgwCap(uid, type));
export const useCreateRgwSubuser = (uid: string) =>
  useRgwMutation(({ name, access }: { name: string; access: RgwSubuserAccess }) =>
    createRgwSubuser(uid, name, access),
  );
export const useDeleteRgwSubuser = (uid: string) =>
  useRgwMutation((subuser: string) => deleteRgwSubuser(uid, subuser));
export const useSetRgwSwiftKey = (uid: string) =>
  useRgwMutation(({ subuser, secretKey }: { subuser: string; secretKey?: string }) =>
    setRgwSwiftKey(uid, subuser, secretKey),
  );
export const useDeleteRgwSwiftKey = (uid: string) =>
  useRgwMutation((subuser: string) => deleteRgwSwiftKey(uid, subuser));
