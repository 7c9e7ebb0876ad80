// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import type { SystemStore } from '../object-layer/types.js';

/**
 * Configuration history (madmin-go config-history-commands.go): each saved change keeps the whole stored
 * configuration as it became, as text, under `config/history/<restoreId>.json` on the drives. Restoring
 * an entry imports its text; the oldest entries are dropped beyond {@link HISTORY_LIMIT}.
 */

/** madmin's ConfigHistoryEntry. */
export interface HistoryEntry {
  restoreId: string;
  /** RFC 3339 */
  createTime: string;
  /** The configuration text (as `GET /config` prints it, without environment lines). */
  data: string;
}

export const HISTORY_LIMIT = 100;
const DIR = 'config/history/';

function parseEntry(raw: Buffer | null): HistoryEntry | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw.toString('utf8')) as Partial<HistoryEntry>;
    if (typeof v.restoreId !== 'string' || typeof v.createTime !== 'string' || typeof v.data !== 'string') {
      return null;
    }
    return { restoreId: v.restoreId, createTime: v.createTime, data: v.data };
  } catch {
    return null;
  }
}

export class ConfigHistory {
  constructor(private readonly system: SystemStore) {}

  /** Every entry, oldest first. */
  async all(): Promise<HistoryEntry[]> {
    const paths = await this.system.list(DIR);
    const entries = await Promise.all(paths.map(async (p) => parseEntry(await this.system.read(p))));
    return entries
      .filter((e): e is HistoryEntry => e !== null)
      .sort((a, b) => a.createTime.localeCompare(b.createTime) || a.restoreId.localeCompare(b.restoreId));
  }

  /** The newest `count` entries, oldest first. */
  async list(count: number): Promise<HistoryEntry[]> {
    const all = await this.all();
    return count > 0 ? all.slice(-count) : all;
  }

  async get(restoreId: string): Promise<HistoryEntry | null> {
    if (!/^[0-9a-f-]{36}$/.test(restoreId)) return null;
    return parseEntry(await this.system.read(`${DIR}${restoreId}.json`));
  }

  /** Records `data` as the newest entry (its time after every earlier entry's, so the order is kept). */
  async add(data: string): Promise<HistoryEntry> {
    const before = await this.all();
    const last = before.at(-1);
    const now = Date.now();
    const time = last ? Math.max(now, Date.parse(last.createTime) + 1) : now;
    const entry: HistoryEntry = { restoreId: randomUUID(), createTime: new Date(time).toISOString(), data };
    await this.system.write(`${DIR}${entry.restoreId}.json`, Buffer.from(JSON.stringify(entry)));
    const excess = before.length + 1 - HISTORY_LIMIT;
    for (const old of before.slice(0, Math.max(0, excess))) await this.remove(old.restoreId);
    return entry;
  }

  /** Removes one entry; false when there is no such entry. */
  async remove(restoreId: string): Promise<boolean> {
    if (!(await this.get(restoreId))) return false;
    await this.system.delete(`${DIR}${restoreId}.json`);
    return true;
  }

  async clear(): Promise<void> {
    for (const p of await this.system.list(DIR)) await this.system.delete(p);
  }
}
