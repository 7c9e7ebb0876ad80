// SPDX-License-Identifier: Apache-2.0
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Counts with thousands commas (spec 1 §9): 1234567 → '1,234,567'. */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? grouped.format(value) : '-';
}
