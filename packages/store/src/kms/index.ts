// SPDX-License-Identifier: Apache-2.0
import type { SystemStore } from '../object-layer/types.js';
import { BuiltinKms, loadMasterKey } from './builtin.js';
import type { Kms } from './kms.js';

export { BuiltinKms, parseSecretKey } from './builtin.js';
export type { DataKey, Kms, KmsContext, KmsKeyInfo, KmsStatus } from './kms.js';
export { KmsError, validKeyName } from './kms.js';

/**
 * The store's KMS. Only the built-in one exists: its master key is MINIO_KMS_SECRET_KEY, or one
 * generated on first start. An external KMS (KES: MINIO_KMS_KES_ENDPOINT, …) would be chosen here
 * from its own variables; see ../../docs/encryption.md.
 */
export async function openKms(
  system: SystemStore,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Kms> {
  return new BuiltinKms(system, await loadMasterKey(system, env.MINIO_KMS_SECRET_KEY));
}
