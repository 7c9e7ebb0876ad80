// SPDX-License-Identifier: Apache-2.0
import type { ConfigHistoryEntry } from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';

/**
 * Admin API: ListConfigHistoryKV — `GET /list-config-history-kv?count=` → **E** `[{restoreId,
 * createTime, data}]`: the newest `count` entries (10 when absent, all when 0), oldest first; `data` is
 * the whole configuration text as that save left it.
 */
export const listConfigHistoryKV: AdminOperation = async (call) => {
  const raw = call.param('count', false);
  const count = raw === '' ? 10 : Number(raw);
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new S3Error('XMinioAdminInvalidArgument', `count must be a non-negative integer, got '${raw}'`);
  }
  const entries: ConfigHistoryEntry[] = await call.ctx.config.history(count);
  return call.encrypted(entries);
};
