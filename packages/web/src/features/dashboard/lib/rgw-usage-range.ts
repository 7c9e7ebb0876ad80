// SPDX-License-Identifier: Apache-2.0
import type { RgwUsage } from '@stowage/contracts';

const DAY_MS = 86_400_000;

/** A Date's UTC day as `YYYY-MM-DD` (what a `type="date"` field holds and RGW's usage log takes). */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The range the usage panel opens with: the last 7 days, today included. */
export function defaultUsageDays(now: Date): { from: string; to: string } {
  return { from: utcDay(new Date(now.getTime() - 6 * DAY_MS)), to: utcDay(now) };
}

/**
 * The days picked (both included) as RGW's `start`/`end` (end exclusive: the day after `to`); an error
 * when a day is missing or `to` is before `from`.
 */
export function usageRange(
  from: string,
  to: string,
): { range: { start: string; end: string } } | { error: string } {
  const start = Date.parse(`${from}T00:00:00Z`);
  const last = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(last)) return { error: 'Pick a From and a To date.' };
  if (last < start) return { error: 'The To date must not be before the From date.' };
  return { range: { start: from, end: utcDay(new Date(last + DAY_MS)) } };
}

/** One row of the usage table: a user's category, or the user's total. */
export interface UsageRow {
  key: string;
  uid: string;
  category: string;
  total: boolean;
  ops: number;
  successfulOps: number;
  bytesSent: number;
  bytesReceived: number;
}

/** The usage log as table rows: per user (by id), its categories by name, then its total. */
export function usageRows(usage: RgwUsage): UsageRow[] {
  const users = [...usage.users].sort((a, b) => a.uid.localeCompare(b.uid));
  return users.flatMap((u) => [
    ...[...u.categories]
      .sort((a, b) => a.category.localeCompare(b.category))
      .map((c) => ({ key: `${u.uid} ${c.category}`, uid: u.uid, total: false, ...c })),
    { key: `${u.uid} total`, uid: u.uid, category: 'Total', total: true, ...u.total },
  ]);
}
