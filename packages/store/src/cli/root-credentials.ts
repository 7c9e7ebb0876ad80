// SPDX-License-Identifier: Apache-2.0
import { randomInt } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { accessKeyProblem, secretKeyProblem } from '../iam/keys.js';
import { CliError } from './cli-error.js';

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomString(length: number, alphabet: string): string {
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

export interface RootCredentials {
  rootUser: string;
  rootPassword: string;
}

/** Fresh root credentials: a 16-character user of [A-Z0-9] and a 32-character password (spec 1 §9). */
export function randomRootCredentials(): RootCredentials {
  return { rootUser: randomString(16, UPPER_ALNUM), rootPassword: randomString(32, ALNUM) };
}

/** Writes a file so that a crash leaves either the old or the new content: temp, fsync, rename. */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  const fh = await open(tmp, 'w', 0o600);
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, file);
}

/** The JSON kept in the first of `files` that exists, or null when none does. */
export async function readKept<T>(files: readonly string[]): Promise<T | null> {
  for (const file of files) {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as T;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return null;
}

/**
 * The server command's root credentials: MINIO_ROOT_USER/MINIO_ROOT_PASSWORD when set (both or
 * neither); otherwise generated once and kept in `files` (one per drive, so that any drive left after a
 * decommission still has them), read back from the first that exists.
 */
export async function resolveRootCredentials(
  env: Readonly<Record<string, string | undefined>>,
  files: readonly string[],
): Promise<RootCredentials & { generated: boolean; keptIn: string | null }> {
  const user = env.MINIO_ROOT_USER || undefined;
  const password = env.MINIO_ROOT_PASSWORD || undefined;
  if (user !== undefined || password !== undefined) {
    if (user === undefined || password === undefined) {
      throw new CliError('MINIO_ROOT_USER and MINIO_ROOT_PASSWORD must be set together');
    }
    const problem = accessKeyProblem(user) ?? secretKeyProblem(password);
    if (problem) throw new CliError(`MINIO_ROOT_USER/MINIO_ROOT_PASSWORD: ${problem}`);
    return { rootUser: user, rootPassword: password, generated: false, keptIn: null };
  }
  const kept = await readKept<RootCredentials>(files);
  if (kept?.rootUser && kept.rootPassword) return { ...kept, generated: false, keptIn: null };
  const fresh = randomRootCredentials();
  const text = `${JSON.stringify(fresh, null, 2)}\n`;
  for (const file of files) await writeFileAtomic(file, text);
  return { ...fresh, generated: true, keptIn: files[0] ?? null };
}
