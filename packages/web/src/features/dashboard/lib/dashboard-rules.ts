// SPDX-License-Identifier: Apache-2.0
import type { DashboardDrive, DashboardServer } from '@stowage/contracts';

/** Servers and drives are paged 5 at a time, with 3 sibling page buttons (spec 2 §9). */
export const dashboardPageSize = 5;
export const dashboardSiblingCount = 3;

/** Server cards in endpoint order, case-insensitive (spec 2 "Dashboard"). */
export function sortServers(servers: readonly DashboardServer[]): DashboardServer[] {
  return [...servers].sort((a, b) =>
    a.endpoint.localeCompare(b.endpoint, 'en', { sensitivity: 'base', numeric: true }),
  );
}

/** Every drive of every server, with the server it belongs to, in server order. */
export function allDrives(
  servers: readonly DashboardServer[],
): Array<{ server: string; drive: DashboardDrive }> {
  return sortServers(servers).flatMap((s) => s.drives.map((drive) => ({ server: s.endpoint, drive })));
}

/** Number of pages for `count` items (at least 1, so an empty list still has its one page). */
export function pageCount(count: number, size = dashboardPageSize): number {
  return Math.max(1, Math.ceil(count / size));
}

/** The items of 1-based `page`; a page past the end shows the last one (the list shrank under the user). */
export function pageItems<T>(items: readonly T[], page: number, size = dashboardPageSize): T[] {
  const last = pageCount(items.length, size);
  const p = Math.min(Math.max(1, Math.floor(page)), last);
  return items.slice((p - 1) * size, p * size);
}

/** Uptime as its two largest units: '45s', '12m 5s', '3h 20m', '2d 4h'. */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const parts: Array<[number, string]> = [
    [Math.floor(s / 86_400), 'd'],
    [Math.floor((s % 86_400) / 3600), 'h'],
    [Math.floor((s % 3600) / 60), 'm'],
    [s % 60, 's'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first === -1) return '0s';
  return parts
    .slice(first, first + 2)
    .filter(([n], i) => i === 0 || n > 0)
    .map(([n, unit]) => `${n}${unit}`)
    .join(' ');
}

/**
 * How full a drive is, 0–100, as `df` counts it: used over used plus available. Space the file system keeps
 * for itself is neither, so used over total would understate it. Falls back to used over total when the
 * server reports no available space, and 0 when it reports no sizes at all.
 */
export function usedPercent(
  drive: Pick<DashboardDrive, 'usedSpace' | 'availableSpace' | 'totalSpace'>,
): number {
  const usable = drive.usedSpace + drive.availableSpace;
  const base = drive.availableSpace > 0 ? usable : drive.totalSpace;
  if (base <= 0) return 0;
  return Math.min(100, Math.max(0, (drive.usedSpace / base) * 100));
}

/** 'online of total' counts for a server's peers and drives, e.g. { up: 3, total: 4 }. */
export function countUp<T>(items: readonly T[], isUp: (item: T) => boolean): { up: number; total: number } {
  return { up: items.filter(isUp).length, total: items.length };
}
