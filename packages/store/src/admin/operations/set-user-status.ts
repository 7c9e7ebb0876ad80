// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';

/** Admin API: SetUserStatus — `PUT /set-user-status?accessKey=&status=enabled|disabled`. */
export const setUserStatus: AdminOperation = async (call) => {
  await call.ctx.iam.setUserStatus(call.param('accessKey'), call.param('status'));
  return call.ok();
};
