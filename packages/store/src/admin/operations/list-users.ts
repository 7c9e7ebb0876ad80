// SPDX-License-Identifier: Apache-2.0
import type { ListUsersResponse } from '@stowage/madmin';
import type { AdminOperation } from '../call.js';

/** Admin API: ListUsers — `GET /list-users` → **E** `{accessKey: UserInfo}`. */
export const listUsers: AdminOperation = async (call) =>
  call.encrypted(call.ctx.iam.listUsers() satisfies ListUsersResponse);
