// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';
import { tiersOf } from './tier-support.js';

/** Admin API: TierStats — `GET /tier-stats` → `[{Name, Type, Stats}]`. */
export const tierStats: AdminOperation = async (call) => call.ok(await tiersOf(call).stats());
