// SPDX-License-Identifier: Apache-2.0
// Admin API: service accounts (access keys) (PROTOCOL-NOTES §2; madmin-go user-commands.go).
import { type AdminTransport, requireArg } from '../transport.js';
import {
  type AddServiceAccountRequest,
  addServiceAccountResponseSchema,
  type Credentials,
  type InfoServiceAccountResponse,
  infoServiceAccountResponseSchema,
  type ListServiceAccountsResponse,
  listServiceAccountsResponseSchema,
  type UpdateServiceAccountRequest,
} from '../types/service-accounts.js';

/** MinIO answers `{"accounts": null}` when there are none. */
const listServiceAccountsAnswerSchema = listServiceAccountsResponseSchema.extend({
  accounts: listServiceAccountsResponseSchema.shape.accounts.nullable(),
});

/** Drops empty optional fields, as madmin-go's `omitempty` does, so the server sees the same JSON. */
function compact<T extends object>(value: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(value) as Array<[keyof T, T[keyof T]]>) {
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  }
  return out;
}

/** `PUT /add-service-account` **E** → **E** credentials. */
export async function addServiceAccount(
  t: AdminTransport,
  req: AddServiceAccountRequest = {},
): Promise<Credentials> {
  const res = await t.json(
    addServiceAccountResponseSchema,
    { method: 'PUT', path: '/add-service-account', body: JSON.stringify(compact(req)), encrypt: true },
    { decrypt: true },
  );
  return res.credentials;
}

/** `POST /update-service-account?accessKey=` **E** (204). */
export async function updateServiceAccount(
  t: AdminTransport,
  accessKey: string,
  req: UpdateServiceAccountRequest,
): Promise<void> {
  if (req.newStatus !== undefined && req.newStatus !== 'on' && req.newStatus !== 'off') {
    throw new TypeError(`newStatus must be "on" or "off", got ${JSON.stringify(req.newStatus)}`);
  }
  await t.empty({
    method: 'POST',
    path: '/update-service-account',
    query: { accessKey: requireArg(accessKey, 'accessKey') },
    body: JSON.stringify(compact(req)),
    encrypt: true,
  });
}

/** `GET /list-service-accounts?user=` → **E** `{accounts}`; an empty user means the caller. */
export async function listServiceAccounts(
  t: AdminTransport,
  user = '',
): Promise<ListServiceAccountsResponse> {
  const res = await t.json(
    listServiceAccountsAnswerSchema,
    { method: 'GET', path: '/list-service-accounts', query: { user } },
    { decrypt: true },
  );
  return { ...res, accounts: res.accounts ?? [] };
}

/** `GET /info-service-account?accessKey=` → **E**. */
export async function infoServiceAccount(
  t: AdminTransport,
  accessKey: string,
): Promise<InfoServiceAccountResponse> {
  return t.json(
    infoServiceAccountResponseSchema,
    {
      method: 'GET',
      path: '/info-service-account',
      query: { accessKey: requireArg(accessKey, 'accessKey') },
    },
    { decrypt: true },
  );
}

/** `DELETE /delete-service-account?accessKey=` (204). */
export async function deleteServiceAccount(t: AdminTransport, accessKey: string): Promise<void> {
  await t.empty({
    method: 'DELETE',
    path: '/delete-service-account',
    query: { accessKey: requireArg(accessKey, 'accessKey') },
  });
}
