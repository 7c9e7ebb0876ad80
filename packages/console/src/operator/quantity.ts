// SPDX-License-Identifier: Apache-2.0
/** Kubernetes-style quantities (`100Gi`, `2Ti`, `500M`), in bytes. */
const BINARY: Record<string, number> = {
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};
const DECIMAL: Record<string, number> = { k: 1e3, K: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

export const GI = 2 ** 30;

/** Bytes of a quantity, or null when it is not one. */
export function parseQuantity(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)([KMGTPE]i|[kKMGTPE])?$/.exec(text.trim());
  if (m === null) return null;
  const unit = m[2] ?? '';
  const factor = unit === '' ? 1 : (BINARY[unit] ?? DECIMAL[unit] ?? 1);
  return Math.round(Number(m[1]) * factor);
}

/** The shortest exact binary quantity for `bytes` (`107374182400` → `100Gi`), else plain bytes. */
export function formatQuantity(bytes: number): string {
  for (const unit of ['Ei', 'Pi', 'Ti', 'Gi', 'Mi', 'Ki']) {
    const f = BINARY[unit] as number;
    if (bytes >= f && bytes % f === 0) return `${bytes / f}${unit}`;
  }
  return String(bytes);
}
