// SPDX-License-Identifier: Apache-2.0
// Admin API: configuration history (madmin-go config-history-commands.go).
import { type AdminTransport, requireArg } from '../transport.js';
import { type ConfigHistoryEntry, configHistorySchema } from '../types/config.js';

/** `GET /list-config-history-kv?count=` → **E** entries (madmin-go asks for 10 when count is 0). */
export async function listConfigHistoryKV(t: AdminTransport, count = 10): Promise<ConfigHistoryEntry[]> {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError('count must be a non-negative integer');
  const entries = await t.json(
    configHistorySchema,
    { method: 'GET', path: '/list-config-history-kv', query: { count: count === 0 ? 10 : count } },
    { decrypt: true },
  );
  return entries ?? [];
}

/** `PUT /restore-config-history-kv?restoreId=`: the configuration goes back to that entry. */
export async function restoreConfigHistoryKV(t: AdminTransport, restoreId: string): Promise<void> {
  await t.empty({
    method: 'PUT',
    path: '/restore-config-history-kv',
    query: { restoreId: requireArg(restoreId, 'restoreId') },
  });
}

/** `DELETE /clear-config-history-kv?restoreId=` (`all` clears every entry). */
export async function clearConfigHistoryKV(t: AdminTransport, restoreId: string): Promise<void> {
  await t.empty({
    method: 'DELETE',
    path: '/clear-config-history-kv',
    query: { restoreId: requireArg(restoreId, 'restoreId') },
  });
}
