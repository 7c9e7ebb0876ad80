// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';
import { tierName, tiersOf } from './tier-support.js';

/** Admin API: RemoveTier — `DELETE /tier/{tier}` (204); refused while the tier is in use. */
export const tierRemove: AdminOperation = async (call) => {
  await tiersOf(call).remove(tierName(call));
  return call.noContent();
};
