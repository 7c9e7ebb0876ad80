// SPDX-License-Identifier: Apache-2.0
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { SystemStore } from '../object-layer/types.js';
import {
  type DataKey,
  type Kms,
  type KmsContext,
  KmsError,
  type KmsKeyInfo,
  type KmsStatus,
  validKeyName,
} from './kms.js';

/**
 * The built-in KMS, as MinIO's single-key KMS: one master key (MINIO_KMS_SECRET_KEY
 * `<name>:<base64 of 32 bytes>`, or generated on first start and kept in the system store with the
 * deployment's other secrets). Named keys are derived from it (HMAC-SHA256 of the name); the list of
 * created names is kept in the system store. A data key is sealed with AES-256-GCM under its key,
 * the key id and the encryption context as additional data, so it opens only with both.
 */

const MASTER_PATH = 'config/kms/master-key';
const KEYS_PATH = 'config/kms/keys.json';
const SEAL_VERSION = 1;

export interface MasterKey {
  name: string;
  key: Buffer;
}

/** Parse MINIO_KMS_SECRET_KEY; throws a clear message when malformed. */
export function parseSecretKey(value: string): MasterKey {
  const colon = value.indexOf(':');
  const name = colon > 0 ? value.slice(0, colon) : '';
  const key = Buffer.from(value.slice(colon + 1), 'base64');
  if (!validKeyName(name) || key.length !== 32) {
    throw new Error(
      'MINIO_KMS_SECRET_KEY must be <key-name>:<base64 of 32 bytes>, e.g. my-key:' +
        'OSMM+vkKUTCvQs9YL/CVMIMt43HFhkUpqJxTmGl6rYw=',
    );
  }
  return { name, key };
}

/** The master key from the environment, else the stored one, else a new one (stored). */
export async function loadMasterKey(system: SystemStore, envValue: string | undefined): Promise<MasterKey> {
  if (envValue) return parseSecretKey(envValue);
  const stored = await system.read(MASTER_PATH);
  if (stored && stored.length > 0) return parseSecretKey(stored.toString('utf8').trim());
  const created: MasterKey = { name: 'stowage-default-key', key: randomBytes(32) };
  await system.write(MASTER_PATH, Buffer.from(`${created.name}:${created.key.toString('base64')}`));
  return created;
}

function canonicalContext(keyId: string, context: KmsContext): Buffer {
  const sorted = Object.keys(context)
    .sort()
    .map((k) => [k, context[k]]);
  return Buffer.from(JSON.stringify([keyId, sorted]));
}

export class BuiltinKms implements Kms {
  readonly #system: SystemStore;
  readonly #master: MasterKey;

  constructor(system: SystemStore, master: MasterKey) {
    this.#system = system;
    this.#master = master;
  }

  get defaultKeyId(): string {
    return this.#master.name;
  }

  async status(): Promise<KmsStatus> {
    return { name: 'Builtin', defaultKeyId: this.#master.name, endpoints: { builtin: 'online' } };
  }

  async #stored(): Promise<KmsKeyInfo[]> {
    const raw = await this.#system.read(KEYS_PATH);
    return raw ? (JSON.parse(raw.toString('utf8')) as KmsKeyInfo[]) : [];
  }

  async hasKey(name: string): Promise<boolean> {
    if (name === this.#master.name) return true;
    return (await this.#stored()).some((k) => k.name === name);
  }

  async #keyMaterial(keyId: string): Promise<Buffer> {
    if (!(await this.hasKey(keyId))) {
      throw new KmsError('not-found', `The KMS key '${keyId}' does not exist.`);
    }
    if (keyId === this.#master.name) return this.#master.key;
    return createHmac('sha256', this.#master.key).update(`stowage-kms-key:${keyId}`).digest();
  }

  async generateKey(keyId: string, context: KmsContext): Promise<DataKey> {
    const kek = await this.#keyMaterial(keyId);
    const plaintext = randomBytes(32);
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', kek, iv);
    c.setAAD(canonicalContext(keyId, context));
    const body = Buffer.concat([c.update(plaintext), c.final()]);
    const sealed = Buffer.concat([Buffer.from([SEAL_VERSION]), iv, body, c.getAuthTag()]);
    return { keyId, plaintext, sealed: sealed.toString('base64') };
  }

  async decrypt(keyId: string, sealed: string, context: KmsContext): Promise<Buffer> {
    const kek = await this.#keyMaterial(keyId);
    const raw = Buffer.from(sealed, 'base64');
    if (raw.length !== 1 + 12 + 32 + 16 || raw[0] !== SEAL_VERSION) {
      throw new KmsError('decrypt', 'The sealed key is not in a form this KMS wrote.');
    }
    const d = createDecipheriv('aes-256-gcm', kek, raw.subarray(1, 13));
    d.setAAD(canonicalContext(keyId, context));
    d.setAuthTag(raw.subarray(raw.length - 16));
    try {
      return Buffer.concat([d.update(raw.subarray(13, raw.length - 16)), d.final()]);
    } catch {
      throw new KmsError('decrypt', 'The sealed key does not open with this KMS key and context.');
    }
  }

  async createKey(name: string, createdBy: string): Promise<void> {
    if (!validKeyName(name)) {
      throw new KmsError('invalid', `'${name}' is not a valid key name (letters, digits, '.', '_', '-').`);
    }
    const keys = await this.#stored();
    if (name === this.#master.name || keys.some((k) => k.name === name)) {
      throw new KmsError('exists', `A KMS key named '${name}' exists already.`);
    }
    keys.push({ name, createdAt: new Date().toISOString(), createdBy });
    await this.#system.write(KEYS_PATH, Buffer.from(JSON.stringify(keys)));
  }

  async listKeys(pattern: string): Promise<KmsKeyInfo[]> {
    const all: KmsKeyInfo[] = [
      // The master key's creation is not recorded (it may come from the environment).
      { name: this.#master.name, createdAt: '', createdBy: 'builtin' },
      ...(await this.#stored()),
    ];
    if (pattern === '' || pattern === '*') return all;
    const re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    return all.filter((k) => re.test(k.name));
  }
}
