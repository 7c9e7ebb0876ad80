// SPDX-License-Identifier: Apache-2.0
/**
 * The KMS the store seals object keys with. One implementation is built in (./builtin.ts: a master
 * key from MINIO_KMS_SECRET_KEY or one generated on first start); an external KMS (MinIO KES,
 * HashiCorp Vault, a cloud KMS) would be another implementation of this interface, chosen by
 * ./index.ts from its settings. See ../../docs/encryption.md.
 */

/** A data key: the plaintext (32 bytes, never stored) and the same sealed by the KMS key. */
export interface DataKey {
  keyId: string;
  plaintext: Buffer;
  /** Opaque, base64: what `decrypt` takes back. */
  sealed: string;
}

/** Encryption context: bound to the sealed key, needed again to unseal it. */
export type KmsContext = Readonly<Record<string, string>>;

export interface KmsKeyInfo {
  name: string;
  /** RFC 3339. */
  createdAt: string;
  createdBy: string;
}

export interface KmsStatus {
  /** Name or type of the KMS (madmin KMSStatus.name). */
  name: string;
  defaultKeyId: string;
  /** Endpoint → 'online' | 'offline' (the built-in KMS has one: itself). */
  endpoints: Record<string, 'online' | 'offline'>;
}

export interface Kms {
  status(): Promise<KmsStatus>;
  /** KMS.NotFoundException-like error (`KmsError`, code `not-found`) for an unknown key. */
  generateKey(keyId: string, context: KmsContext): Promise<DataKey>;
  decrypt(keyId: string, sealed: string, context: KmsContext): Promise<Buffer>;
  /** `exists` when a key of that name is there already. */
  createKey(name: string, createdBy: string): Promise<void>;
  /** Keys whose name matches the pattern (`*` wildcards; empty or `*`: all). */
  listKeys(pattern: string): Promise<KmsKeyInfo[]>;
  /** Whether the key exists. */
  hasKey(name: string): Promise<boolean>;
}

export type KmsErrorKind = 'not-found' | 'exists' | 'invalid' | 'decrypt';

/** A KMS refusal the API layers map to their wire errors. */
export class KmsError extends Error {
  constructor(
    readonly kind: KmsErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'KmsError';
  }
}

/** MinIO's key names: letters, digits, `-`, `_`, `.`; 1..80 characters. */
export function validKeyName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/.test(name);
}
