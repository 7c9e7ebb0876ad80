// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';
import { configApplied } from './config-wire.js';

/**
 * Admin API: DelConfigKV — `DELETE /del-config-kv` **E** text `subsys[:target]` (back to defaults; a
 * named target is removed) or `subsys[:target] key …` (those keys only). Answers like set-config-kv.
 */
export const delConfigKV: AdminOperation = async (call) => {
  const text = (await call.decrypted()).toString('utf8');
  return configApplied(call, await call.ctx.config.del(text));
};
