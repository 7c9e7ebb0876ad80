// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';

/** Admin API: RemoveCannedPolicy — `DELETE /remove-canned-policy?name=` (refused while attached). */
export const removeCannedPolicy: AdminOperation = async (call) => {
  await call.ctx.iam.removePolicy(call.param('name'));
  return call.ok();
};
