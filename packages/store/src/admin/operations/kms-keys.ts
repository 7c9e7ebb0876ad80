// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { KmsError } from '../../kms/index.js';
import type { AdminOperation } from '../call.js';

/**
 * Admin API: the KMS key calls of madmin (`/kms/key/create|list|status`, also under
 * `/minio/kms/v1/key/…`).
 */

/** `POST /kms/key/create?key-id=` — a new named key; XMinioKMSKeyExists when there is one. */
export const kmsCreateKey: AdminOperation = async (call) => {
  const name = call.param('key-id');
  try {
    await call.ctx.kms.createKey(name, call.requestorUser);
  } catch (err) {
    if (err instanceof KmsError && err.kind === 'exists')
      throw new S3Error('XMinioKMSKeyExists', err.message);
    if (err instanceof KmsError) throw new S3Error('XMinioAdminInvalidArgument', err.message);
    throw err;
  }
  return call.ok({});
};

/** `GET /kms/key/list?pattern=` → `[{name, createdAt, createdBy}]`. */
export const kmsListKeys: AdminOperation = async (call) => {
  const keys = await call.ctx.kms.listKeys(call.param('pattern', false));
  return call.ok(keys.map((k) => ({ name: k.name, createdAt: k.createdAt, createdBy: k.createdBy })));
};

/**
 * `GET /kms/key/status?key-id=` → `{key-id, encryption-error?, decryption-error?}`: as MinIO, a data
 * key is generated and opened again; a failure is reported in the answer, not as an error.
 */
export const kmsKeyStatus: AdminOperation = async (call) => {
  const keyId = call.param('key-id', false) || (await call.ctx.kms.status()).defaultKeyId;
  const context = { 'key-status': keyId };
  const out: Record<string, string> = { 'key-id': keyId };
  try {
    const dk = await call.ctx.kms.generateKey(keyId, context);
    try {
      const back = await call.ctx.kms.decrypt(keyId, dk.sealed, context);
      if (!back.equals(dk.plaintext))
        out['decryption-error'] = 'The decrypted key differs from the generated one.';
    } catch (err) {
      out['decryption-error'] = err instanceof Error ? err.message : String(err);
    }
  } catch (err) {
    out['encryption-error'] = err instanceof Error ? err.message : String(err);
  }
  return call.ok(out);
};
