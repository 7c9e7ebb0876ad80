// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';

/** Admin API: RemoveUser — `DELETE /remove-user?accessKey=` (also drops their keys and sessions). */
export const removeUser: AdminOperation = async (call) => {
  await call.ctx.iam.removeUser(call.param('accessKey'));
  return call.ok();
};
