// SPDX-License-Identifier: Apache-2.0
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * For tests that prove data is encrypted at rest: bodies full of a known plaintext pattern, and the
 * files under a folder (drive folders) that hold it.
 */

/** `size` bytes of `pattern` lines, each numbered and tagged with `tag`. */
export function patterned(pattern: Buffer, size: number, tag: string): Buffer {
  const out = Buffer.alloc(size);
  let off = 0;
  for (let i = 0; off < size; i++)
    off += Buffer.concat([pattern, Buffer.from(` ${tag} ${i}\n`)]).copy(out, off);
  return out;
}

/** Every file under `dir` (recursively) whose bytes contain `needle`. */
export async function filesHolding(dir: string, needle: Buffer): Promise<string[]> {
  const hits: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) hits.push(...(await filesHolding(p, needle)));
    else if ((await readFile(p)).includes(needle)) hits.push(p);
  }
  return hits;
}
