// SPDX-License-Identifier: Apache-2.0
import { useCallback, useState } from 'react';

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

/**
 * State that survives a reload (the open/closed side menu, spec 1 §1 "Menu open is persisted locally").
 * Values are JSON; unreadable or missing entries fall back to `initial`.
 */
export function useLocalStorageState<T>(key: string, initial: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => read(key, initial));
  const update = useCallback(
    (next: T) => {
      setValue(next);
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage unavailable: the value still holds for this page view.
      }
    },
    [key],
  );
  return [value, update];
}
