// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';

/** Admin API: SetGroupStatus — `PUT /set-group-status?group=&status=enabled|disabled`. */
export const setGroupStatus: AdminOperation = async (call) => {
  await call.ctx.iam.setGroupStatus(call.param('group'), call.param('status'));
  return call.ok();
};
