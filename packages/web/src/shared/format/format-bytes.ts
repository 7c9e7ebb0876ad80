// SPDX-License-Identifier: Apache-2.0
const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'] as const;

/**
 * Sizes in binary units, 1024-based (spec 1 §9): 0 B, 1023 B, 1.5 KiB, 12.3 GiB. One decimal below 10 of a
 * unit, none above, so columns of sizes stay short.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '-';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value < 10 ? 1 : 0;
  const text = value.toFixed(digits).replace(/\.0$/, '');
  return `${text} ${units[unit]}`;
}
