// SPDX-License-Identifier: Apache-2.0
// MinIO's KMS API (madmin-go kms-commands.go): served under /minio/kms/v1, signed like admin calls.
import { z } from 'zod';
import type { AdminTransport } from '../transport.js';
import {
  type KMSKeyInfo,
  type KMSKeyStatus,
  type KMSStatus,
  kmsKeyInfoSchema,
  kmsKeyStatusSchema,
  kmsStatusSchema,
} from '../types/kms.js';

const KMS_PREFIX = '/minio/kms/v1';

/** `GET /minio/kms/v1/status`. */
export function kmsStatus(t: AdminTransport, signal?: AbortSignal): Promise<KMSStatus> {
  return t.json(kmsStatusSchema, { method: 'GET', path: `${KMS_PREFIX}/status`, absolutePath: true, signal });
}

/** `GET /minio/kms/v1/key/list?pattern=` (`*`: all). */
export async function kmsListKeys(
  t: AdminTransport,
  pattern = '*',
  signal?: AbortSignal,
): Promise<KMSKeyInfo[]> {
  const keys = await t.json(z.array(kmsKeyInfoSchema).nullable(), {
    method: 'GET',
    path: `${KMS_PREFIX}/key/list`,
    absolutePath: true,
    query: { pattern },
    signal,
  });
  return keys ?? [];
}

/** `POST /minio/kms/v1/key/create?key-id=`. */
export async function kmsCreateKey(t: AdminTransport, keyId: string): Promise<void> {
  await t.empty({
    method: 'POST',
    path: `${KMS_PREFIX}/key/create`,
    absolutePath: true,
    query: { 'key-id': keyId },
  });
}

/** `GET /minio/kms/v1/key/status?key-id=`. */
export function kmsKeyStatus(t: AdminTransport, keyId: string, signal?: AbortSignal): Promise<KMSKeyStatus> {
  return t.json(kmsKeyStatusSchema, {
    method: 'GET',
    path: `${KMS_PREFIX}/key/status`,
    absolutePath: true,
    query: { 'key-id': keyId },
    signal,
  });
}
