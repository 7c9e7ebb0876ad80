// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwUserListSchema } from '@stowage/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/shared/api/client';
import { rgwKeys } from './rgw-keys';

type RgwUserList = z.infer<typeof rgwUserListSchema>;

/** GET /api/v1/rgw/users: every RGW user id. */
export function listRgwUsers(signal?: AbortSignal): Promise<RgwUserList> {
  return apiRequest(apiPaths.rgwUsers, { schema: rgwUserListSchema, signal });
}

export const rgwUserListQueryOptions = () =>
  queryOptions({ queryKey: rgwKeys.userList(), queryFn: ({ signal }) => listRgwUsers(signal) });

export function useRgwUsers(): UseQueryResult<RgwUserList> {
  return useQuery(rgwUserListQueryOptions());
}
