// SPDX-License-Identifier: Apache-2.0
const LOWER = new Map<string, string>();

/**
 * `s.toLowerCase()`, memoised: actions and condition keys come from a small set of names, and this
 * runs on every authorized request.
 */
export function lowerCased(s: string): string {
  let v = LOWER.get(s);
  if (v === undefined) {
    v = s.toLowerCase();
    if (LOWER.size < 4096) LOWER.set(s, v);
  }
  return v;
}
