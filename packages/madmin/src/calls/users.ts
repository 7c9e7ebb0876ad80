// SPDX-License-Identifier: Apache-2.0
// Admin API: users (PROTOCOL-NOTES §2; madmin-go user-commands.go).
import { type AdminTransport, requireArg } from '../transport.js';
import {
  type AccountStatus,
  type AddOrUpdateUserRequest,
  type ListUsersResponse,
  listUsersResponseSchema,
  type UserInfo,
  userInfoSchema,
} from '../types/users.js';

function requireStatus(status: string): AccountStatus {
  if (status !== 'enabled' && status !== 'disabled') {
    throw new TypeError(`status must be "enabled" or "disabled", got ${JSON.stringify(status)}`);
  }
  return status;
}

/** `GET /list-users` → **E** map of access key to info. */
export async function listUsers(t: AdminTransport, signal?: AbortSignal): Promise<ListUsersResponse> {
  return t.json(listUsersResponseSchema, { method: 'GET', path: '/list-users', signal }, { decrypt: true });
}

/** `PUT /add-user?accessKey=` with **E** `{secretKey,status}`; also updates an existing user. */
export async function addUser(
  t: AdminTransport,
  accessKey: string,
  secretKey: string,
  status: AccountStatus = 'enabled',
): Promise<void> {
  requireArg(accessKey, 'accessKey');
  requireArg(secretKey, 'secretKey');
  const body: AddOrUpdateUserRequest = { secretKey, status: requireStatus(status) };
  await t.empty({
    method: 'PUT',
    path: '/add-user',
    query: { accessKey },
    body: JSON.stringify(body),
    encrypt: true,
  });
}

/** `DELETE /remove-user?accessKey=`. */
export async function removeUser(t: AdminTransport, accessKey: string): Promise<void> {
  await t.empty({
    method: 'DELETE',
    path: '/remove-user',
    query: { accessKey: requireArg(accessKey, 'accessKey') },
  });
}

/** `GET /user-info?accessKey=` (a user may ask about themself). */
export async function getUserInfo(t: AdminTransport, accessKey: string): Promise<UserInfo> {
  return t.json(userInfoSchema, {
    method: 'GET',
    path: '/user-info',
    query: { accessKey: requireArg(accessKey, 'accessKey') },
  });
}

/** `PUT /set-user-status?accessKey=&status=`. */
export async function setUserStatus(
  t: AdminTransport,
  accessKey: string,
  status: AccountStatus,
): Promise<void> {
  await t.empty({
    method: 'PUT',
    path: '/set-user-status',
    query: { accessKey: requireArg(accessKey, 'accessKey'), status: requireStatus(status) },
  });
}
