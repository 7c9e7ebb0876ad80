// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';
import { tiersOf } from './tier-support.js';

/** Admin API: ListTier — `GET /tier` → the tiers with secrets `REDACTED`. */
export const tierList: AdminOperation = async (call) => call.ok(tiersOf(call).list());
