/**
 * Go's `time.ParseDuration` syntax, which MinIO's duration keys use (`10s`, `1m30s`, `250ms`, `2h`):
 * a sequence of decimal numbers each with a unit (ns, us, µs, ms, s, m, h). Returns milliseconds, or
 * undefined when the text is not a duration.
 */
const UNIT_MS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

export function parseDuration(text: string): number | undefined {
  const s = text.trim();
  if (s === '0') return 0;
  if (s === '') return undefined;
  const part = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/y;
  let total = 0;
  let at = 0;
  while (at < s.length) {
    part.lastIndex = at;
    const m = part.exec(s);
    if (!m) return undefined;
    total += Number(m[1]) * (UNIT_MS[m[2] as string] as number);
    at = part.lastIndex;
  }
  return total;
}

/** A key's `validate` for durations: the problem in words, or undefined. */
export function validDuration(value: string): string | undefined {
  return parseDuration(value) === undefined
    ? `"${value}" is not a duration (e.g. 250ms, 10s, 1m, 2h)`
    : undefined;
}
