// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';
import { poolParam, poolStatus, requireStatusAccess } from './pools-support.js';

/** Admin API: StatusPool — `GET /pools/status?pool=<cmdline or index>` → madmin's `PoolStatus`. */
export const statusPool: AdminOperation = async (call) => {
  await requireStatusAccess(call);
  return call.ok(await poolStatus(call, await poolParam(call)));
};
