// SPDX-License-Identifier: Apache-2.0
import type { GroupDesc } from '@stowage/madmin';
import type { AdminOperation } from '../call.js';

/** Admin API: GetGroupDescription — `GET /group?group=` → `{name, status, members, policy, updatedAt}`. */
export const getGroup: AdminOperation = async (call) =>
  call.ok(call.ctx.iam.getGroup(call.param('group')) satisfies GroupDesc);
