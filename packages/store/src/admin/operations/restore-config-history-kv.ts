// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';

/**
 * Admin API: RestoreConfigHistoryKV — `PUT /restore-config-history-kv?restoreId=`: the configuration
 * goes back to the entry's text (checked and applied like an import). An unknown id is
 * XMinioConfigError (404), as MinIO answers a missing history entry.
 */
export const restoreConfigHistoryKV: AdminOperation = async (call) => {
  await call.ctx.config.restoreHistory(call.param('restoreId'));
  return call.ok();
};
