/**
 * IAM wildcard match: `*` is any run of characters (also empty), `?` exactly one. Iterative with
 * backtracking to the last `*`, so patterns such as `a*b*c*` stay linear-ish instead of exponential.
 */
export function wildcardMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    const pc = pattern[p];
    if (pc === '?' || (pc !== undefined && pc !== '*' && pc === text[t])) {
      p++;
      t++;
    } else if (pc === '*') {
      star = p++;
      mark = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}
