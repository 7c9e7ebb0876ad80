// SPDX-License-Identifier: Apache-2.0
import path from 'node:path';
import type { PoolSpec } from '../core/options.js';
import { CliError } from './cli-error.js';

/**
 * The server command's drive arguments, in MinIO's syntax (minio/pkg `ellipses`):
 * - `{N...M}` expands to N..M (decimal, N ≤ M); `{01...16}` (a leading zero on either bound) pads every
 *   number to the width of M. Several ranges in one argument expand to every combination.
 * - With ellipses, each argument is one server pool; without any, all arguments together are one pool
 *   (MinIO's legacy form). Mixing both is refused, as MinIO does.
 * - Our addition: `:SIZE` after an argument makes each of its drives a sized volume
 *   (`/data/d{1...4}:100Gi`): a number with an optional unit, Ki/Mi/Gi/Ti (powers of 1024) or
 *   K/M/G/T (powers of 1000); no unit means bytes.
 */

/** The object layer's limit of drives in one erasure set. */
const MAX_POOL_DRIVES = 32;
const RANGE = /\{([^{}]*)\}/g;
const SIZE = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|K|M|G|T)?$/;
const UNITS: Record<string, number> = {
  '': 1,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
};

/** `100Gi` → bytes; a CliError naming the argument when the text is not a size. */
export function parseSize(text: string, arg: string): number {
  const m = SIZE.exec(text);
  const bytes = m ? Math.floor(Number(m[1]) * (UNITS[m[2] ?? ''] as number)) : Number.NaN;
  if (!Number.isSafeInteger(bytes) || bytes <= 0) {
    throw new CliError(
      `bad size "${text}" in "${arg}": give a positive number with an optional unit Ki, Mi, Gi, Ti (1024-based) or K, M, G, T (1000-based), e.g. ${arg.slice(0, arg.length - text.length)}100Gi`,
    );
  }
  return bytes;
}

function hasEllipsis(arg: string): boolean {
  return arg.includes('...') || arg.includes('{') || arg.includes('}');
}

function badEllipsis(arg: string, why: string): CliError {
  return new CliError(
    `bad ellipsis in "${arg}": ${why} (write a range as {N...M} with whole numbers N ≤ M, e.g. /data/d{1...4})`,
  );
}

/** The numbers of one `{N...M}` range, zero-padded as MinIO pads them. */
function expandRange(body: string, arg: string): string[] {
  const bounds = body.split('...');
  if (bounds.length !== 2 || !/^\d+$/.test(bounds[0] as string) || !/^\d+$/.test(bounds[1] as string)) {
    throw badEllipsis(arg, `"{${body}}" is not a range`);
  }
  const [lo, hi] = bounds as [string, string];
  const start = Number(lo);
  const end = Number(hi);
  if (start > end) throw badEllipsis(arg, `the range starts at ${start}, after its end ${end}`);
  if (end - start >= 10_000) throw badEllipsis(arg, `the range {${body}} names more than 10000 drives`);
  const pad = (lo.length > 1 && lo.startsWith('0')) || hi.startsWith('0') ? hi.length : 0;
  const out: string[] = [];
  for (let i = start; i <= end; i++) out.push(String(i).padStart(pad, '0'));
  return out;
}

/** Every path an argument (size already removed) names, in MinIO's order (the last range varies slowest). */
export function expandEllipses(arg: string): string[] {
  const pieces: string[] = [];
  const ranges: string[][] = [];
  let last = 0;
  for (const m of arg.matchAll(RANGE)) {
    pieces.push(arg.slice(last, m.index));
    ranges.push(expandRange(m[1] as string, arg));
    last = m.index + m[0].length;
  }
  pieces.push(arg.slice(last));
  if (ranges.length === 0 || pieces.some((p) => hasEllipsis(p))) {
    throw badEllipsis(arg, 'unbalanced braces or "..." outside {}');
  }
  let combos: string[][] = [[]];
  // The first range varies fastest, as minio/pkg's expander orders them.
  for (const values of ranges) {
    const next: string[][] = [];
    for (const v of values) for (const c of combos) next.push([...c, v]);
    combos = next;
  }
  return combos.map((c) => pieces.map((p, i) => (i < c.length ? p + c[i] : p)).join(''));
}

/** Splits `path:SIZE` (a last `:` followed by no `/`); the size is undefined when absent. */
function splitSize(arg: string): { pattern: string; capacity: number | undefined } {
  const colon = arg.lastIndexOf(':');
  if (colon <= 0 || arg.slice(colon + 1).includes('/')) return { pattern: arg, capacity: undefined };
  return { pattern: arg.slice(0, colon), capacity: parseSize(arg.slice(colon + 1), arg) };
}

/**
 * The server pools the drive arguments describe. Rules (MinIO's, plus ours where the store differs):
 * each drive once, no drive folder inside another; a pool needs ≥ 2 drives for erasure coding, and a
 * single drive (plain mode, no parity) is allowed only as the only pool; a pool is one erasure set of at
 * most 32 drives.
 */
export function parseDriveArgs(args: readonly string[], cwd = process.cwd()): PoolSpec[] {
  if (args.length === 0) throw new CliError('no drive folders given (e.g. stowage server /data/d{1...4})');
  const withEllipses = args.filter(hasEllipsis);
  if (withEllipses.length > 0 && withEllipses.length < args.length) {
    throw new CliError(
      `mixed drive arguments: with ellipses each argument is a server pool, so every argument needs one (got "${args.find((a) => !hasEllipsis(a))}")`,
    );
  }
  const groups = withEllipses.length > 0 ? args.map((a) => [a]) : [args];
  const pools: PoolSpec[] = groups.map((group) => ({
    // Its name in the admin pools API (pools/list, decommission), as MinIO shows the argument.
    cmdline: group.join(' '),
    drives: group.flatMap((arg) => {
      const { pattern, capacity } = splitSize(arg);
      const paths = hasEllipsis(pattern) ? expandEllipses(pattern) : [pattern];
      return paths.map((p) => ({
        path: path.resolve(cwd, p),
        ...(capacity === undefined ? {} : { capacity }),
      }));
    }),
  }));
  const all = pools.flatMap((p) => p.drives.map((d) => d.path));
  const seen = new Set<string>();
  for (const p of all) {
    if (seen.has(p)) throw new CliError(`drive ${p} is listed twice`);
    seen.add(p);
  }
  for (const a of all) {
    const outer = all.find((b) => b !== a && a.startsWith(b + path.sep));
    if (outer) throw new CliError(`drive ${a} lies inside drive ${outer}; drive folders must not nest`);
  }
  pools.forEach((pool, i) => {
    if (pool.drives.length > MAX_POOL_DRIVES) {
      throw new CliError(
        `pool ${i + 1} (${args[i]}) has ${pool.drives.length} drives: a pool is one erasure set of at most ${MAX_POOL_DRIVES} drives`,
      );
    }
    if (pool.drives.length === 1 && pools.length > 1) {
      throw new CliError(
        `pool ${i + 1} (${args[i]}) has 1 drive: erasure coding needs at least 2 drives per pool; a single drive (no parity) can only be the only pool`,
      );
    }
  });
  return pools;
}
