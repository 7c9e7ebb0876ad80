// SPDX-License-Identifier: Apache-2.0
import type { ListServiceAccountsResponse } from '@stowage/madmin';
import type { AdminOperation } from '../call.js';

/**
 * Admin API: ListServiceAccounts — `GET /list-service-accounts?user=` → **E** `{accounts}`. Without a
 * user (or for oneself) it lists the caller's own; another user's need admin:ListServiceAccounts.
 */
export const listServiceAccounts: AdminOperation = async (call) => {
  const user = call.query.get('user') ?? '';
  let target = call.requestorUser;
  if (user !== '' && user !== call.identity.accessKey) {
    await call.require('admin:ListServiceAccounts');
    target = user;
  }
  return call.encrypted({
    accounts: call.ctx.iam.listServiceAccounts(target),
  } satisfies ListServiceAccountsResponse);
};
