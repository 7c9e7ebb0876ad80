// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';
import { allPoolStatus, requireStatusAccess } from './pools-support.js';

/** Admin API: ListPools — `GET /pools/list` → madmin's `[]PoolStatus`. */
export const listPools: AdminOperation = async (call) => {
  await requireStatusAccess(call);
  return call.ok(await allPoolStatus(call));
};
