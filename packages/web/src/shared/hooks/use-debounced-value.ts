// SPDX-License-Identifier: Apache-2.0
import { useEffect, useState } from 'react';

/** The value, settled for `delayMs` (search boxes filter on the settled text). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(id);
  }, [value, delayMs]);
  return settled;
}
