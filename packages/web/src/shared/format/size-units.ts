// SPDX-License-Identifier: Apache-2.0
/** Binary size units offered for quotas (spec 1 §9: base 1024). */
export const sizeUnits = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;
export type SizeUnit = (typeof sizeUnits)[number];

const factor: Record<SizeUnit, number> = {
  KiB: 1024,
  MiB: 1024 ** 2,
  GiB: 1024 ** 3,
  TiB: 1024 ** 4,
  PiB: 1024 ** 5,
};

/** `1 TiB` → 1099511627776. Fractions are allowed (0.5 GiB) and rounded down to whole bytes. */
export function toBytes(amount: number, unit: SizeUnit): number {
  return Math.floor(amount * factor[unit]);
}

/** The largest unit that shows `bytes` as a whole number (1073741824 → 1 GiB), for editing a stored quota. */
export function fromBytes(bytes: number): { amount: number; unit: SizeUnit } {
  for (const unit of [...sizeUnits].reverse()) {
    if (bytes >= factor[unit] && bytes % factor[unit] === 0) return { amount: bytes / factor[unit], unit };
  }
  return { amount: Math.max(1, Math.ceil(bytes / factor.KiB)), unit: 'KiB' };
}
