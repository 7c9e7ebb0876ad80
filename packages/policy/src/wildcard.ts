// SPDX-License-Identifier: Apache-2.0
/**
 * IAM wildcard matching: `*` matches any run of characters (including none and `/`), `?` exactly one.
 * Iterative with single-star backtracking, so it is linear for the patterns policies use and never
 * builds a RegExp per request. A `*` in the pattern is always a wildcard, also where the text has a
 * literal `*` (an object key such as `a*b`).
 */
export function wildcardMatch(pattern: string, text: string): boolean {
  if (pattern === '*' || pattern === text) return true;
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    const pc = pattern.charCodeAt(p);
    if (p < pattern.length && (pc === 63 /* ? */ || (pc !== 42 && pc === text.charCodeAt(t)))) {
      p++;
      t++;
    } else if (p < pattern.length && pc === 42 /* * */) {
      star = p++;
      mark = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern.charCodeAt(p) === 42) p++;
  return p === pattern.length;
}
