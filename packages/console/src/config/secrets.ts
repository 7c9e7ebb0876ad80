// SPDX-License-Identifier: Apache-2.0
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
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

/**
 * The generation and atomic write the store's server command uses too (`@stowage/store`), handed in by
 * main.ts: this module may not import the store.
 */
export interface SecretTools {
  randomRootCredentials(): { rootUser: string; rootPassword: string };
  writeFileAtomic(file: string, data: string): Promise<void>;
}

async function loadOrCreate(dir: string, tools: SecretTools): Promise<StoredSecrets> {
  const file = path.join(dir, 'secrets.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as StoredSecrets;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const fresh: StoredSecrets = {
    ...tools.randomRootCredentials(),
    pbkdfPassphrase: randomBytes(32).toString('base64url'),
    pbkdfSalt: randomBytes(16).toString('base64url'),
  };
  await tools.writeFileAtomic(file, `${JSON.stringify(fresh, null, 2)}\n`);
  return fresh;
}

/** Environment first; otherwise the generated values kept in `<dataDir>/.console/secrets.json`. */
export async function resolveSecrets(config: ConsoleConfig, tools: SecretTools): Promise<ResolvedSecrets> {
  const stored = await loadOrCreate(path.join(config.dataDir, '.console'), tools);
  const passphrase = config.pbkdfPassphrase ?? stored.pbkdfPassphrase;
  const salt = config.pbkdfSalt ?? stored.pbkdfSalt;
  return {
    rootUser: config.rootUser ?? stored.rootUser,
    rootPassword: config.rootPassword ?? stored.rootPassword,
    rootGenerated: config.rootUser === null,
    sessionKey: pbkdf2Sync(passphrase, salt, 210_000, 32, 'sha256'),
  };
}
