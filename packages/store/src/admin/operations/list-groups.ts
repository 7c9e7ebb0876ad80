// SPDX-License-Identifier: Apache-2.0
import type { ListGroupsResponse } from '@stowage/madmin';
import type { AdminOperation } from '../call.js';

/** Admin API: ListGroups — `GET /groups` → `[name]`. */
export const listGroups: AdminOperation = async (call) =>
  call.ok(call.ctx.iam.listGroups() satisfies ListGroupsResponse);
