// SPDX-License-Identifier: Apache-2.0
import type { ThirdPartyNotice } from '@stowage/contracts';

/**
 * The notices a search keeps: every word must appear in the package's name, version or licence
 * (case-insensitive), so "mit react" finds react's MIT entries. An empty search keeps all.
 */
export function filterNotices(notices: readonly ThirdPartyNotice[], search: string): ThirdPartyNotice[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...notices];
  return notices.filter((n) => {
    const hay = `${n.name} ${n.version} ${n.license}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** How many packages use each licence, most used first: "MIT 336 · Apache-2.0 24 · …". */
export function licenseCounts(
  notices: readonly ThirdPartyNotice[],
): Array<{ license: string; count: number }> {
  const counts = new Map<string, number>();
  for (const n of notices) counts.set(n.license, (counts.get(n.license) ?? 0) + 1);
  return [...counts.entries()]
    .map(([license, count]) => ({ license, count }))
    .sort((a, b) => b.count - a.count || a.license.localeCompare(b.license));
}
