// SPDX-License-Identifier: Apache-2.0
import type { AuditStore } from './audit-rows.js';
import { PostgresAuditStore } from './postgres-store.js';
import { SqliteAuditStore } from './sqlite-store.js';

/** How often records past the retention are removed. */
const PRUNE_EVERY_MS = 60 * 60_000;

/** PostgreSQL when a DSN is given, else SQLite in `sqliteFile`. */
export async function openAuditStore(opts: {
  postgresDsn: string | null;
  sqliteFile: string;
}): Promise<AuditStore> {
  return opts.postgresDsn ? PostgresAuditStore.open(opts.postgresDsn) : new SqliteAuditStore(opts.sqliteFile);
}

/**
 * Removes records older than `retentionMs` now and every hour; returns how to stop. A failure is reported
 * through `onError` and tried again at the next round.
 */
export function startRetention(
  store: AuditStore,
  retentionMs: number,
  onError: (err: unknown) => void,
): () => void {
  const prune = (): void => {
    store.prune(new Date(Date.now() - retentionMs)).catch(onError);
  };
  prune();
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
