// SPDX-License-Identifier: Apache-2.0
import type { TierCreds } from '@stowage/madmin';
import type { AdminOperation } from '../call.js';
import { tierName, tiersOf } from './tier-support.js';

/** Admin API: EditTier — `POST /tier/{tier}` with encrypted new credentials, checked before saving (204). */
export const tierEdit: AdminOperation = async (call) => {
  const creds = await call.decryptedJson<TierCreds>();
  await tiersOf(call).editCredentials(tierName(call), { awsrole: false, ...creds });
  return call.noContent();
};
