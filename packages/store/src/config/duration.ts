// SPDX-License-Identifier: Apache-2.0
/** One unit of a Go duration and its length in nanoseconds. */
const DURATION_UNITS: Readonly<Record<string, number>> = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  μs: 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
};

/**
 * A Go duration (`time.ParseDuration`: `1h2m3s`, `500ms`, `1.5h`, `0`) in nanoseconds, or null
 * when the text is not one. A leading `-` is accepted as Go does.
 */
export function parseGoDuration(text: string): number | null {
  let s = text;
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    if (s.startsWith('-')) sign = -1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') return null;
  const part = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/;
  let total = 0;
  while (s !== '') {
    const m = part.exec(s);
    if (!m?.[1] || !m[2]) return null;
    total += Number(m[1]) * (DURATION_UNITS[m[2]] ?? 0);
    s = s.slice(m[0].length);
  }
  return sign * total;
}
