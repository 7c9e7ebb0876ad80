// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';

/**
 * Admin API: ClearConfigHistoryKV — `DELETE /clear-config-history-kv?restoreId=`: removes one entry, or
 * every entry with `restoreId=all`.
 */
export const clearConfigHistoryKV: AdminOperation = async (call) => {
  await call.ctx.config.clearHistory(call.param('restoreId'));
  return call.ok();
};
