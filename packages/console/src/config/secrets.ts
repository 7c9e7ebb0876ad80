import { pbkdf2Sync, randomBytes, randomInt } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { ConsoleConfig } from './env.js';

/** Secrets the console generates once and keeps in the data dir when the environment does not give them. */
interface StoredSecrets {
  rootUser: string;
  rootPassword: string;
  pbkdfPassphrase: string;
  pbkdfSalt: string;
}

export interface ResolvedSecrets {
  rootUser: string;
  rootPassword: string;
  /** true when the root credentials came from the data dir (generated), not from the environment. */
  rootGenerated: boolean;
  /** 32-byte key of the session cookie's AES-256-GCM, derived from the PBKDF passphrase and salt. */
  sessionKey: Buffer;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** spec 1 §9: random access key 16 characters, secret key 32. */
export function randomString(length: number, alphabet = ALNUM): string {
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

/** Writes a file so that a crash leaves either the old or the new content: temp, fsync, rename. */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
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

async function loadOrCreate(dir: string): Promise<StoredSecrets> {
  const file = path.join(dir, 'secrets.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as StoredSecrets;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const fresh: StoredSecrets = {
    rootUser: randomString(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
    rootPassword: randomString(32),
    pbkdfPassphrase: randomBytes(32).toString('base64url'),
    pbkdfSalt: randomBytes(16).toString('base64url'),
  };
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFileAtomic(file, `${JSON.stringify(fresh, null, 2)}\n`);
  return fresh;
}

/** Environment first; otherwise the generated values kept in `<dataDir>/.console/secrets.json`. */
export async function resolveSecrets(config: ConsoleConfig): Promise<ResolvedSecrets> {
  const stored = await loadOrCreate(path.join(config.dataDir, '.console'));
  const passphrase = config.pbkdfPassphrase ?? stored.pbkdfPassphrase;
  const salt = config.pbkdfSalt ?? stored.pbkdfSalt;
  return {
    rootUser: config.rootUser ?? stored.rootUser,
    rootPassword: config.rootPassword ?? stored.rootPassword,
    rootGenerated: config.rootUser === null,
    sessionKey: pbkdf2Sync(passphrase, salt, 210_000, 32, 'sha256'),
  };
}
