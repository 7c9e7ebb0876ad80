// SPDX-License-Identifier: Apache-2.0
/** The entry of `key` in `map`, added (made by `make`) when missing. */
export function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  const existing = map.get(key);
  if (existing !== undefined) return existing;
  const made = make();
  map.set(key, made);
  return made;
}
