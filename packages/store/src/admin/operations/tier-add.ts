// SPDX-License-Identifier: Apache-2.0
import type { TierConfig } from '@stowage/madmin';
import type { AdminOperation } from '../call.js';
import { tiersOf } from './tier-support.js';

/** Admin API: AddTier — `PUT /tier` with an encrypted TierConfig; the remote bucket is checked first (204). */
export const tierAdd: AdminOperation = async (call) => {
  const config = await call.decryptedJson<TierConfig>();
  await tiersOf(call).add(config as TierConfig);
  return call.noContent();
};
