// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';
import { tierName, tiersOf } from './tier-support.js';

/** Admin API: VerifyTier — `GET /tier/{tier}` (204 when the remote is reachable with its credentials). */
export const tierVerify: AdminOperation = async (call) => {
  await tiersOf(call).verify(tierName(call));
  return call.noContent();
};
