// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';

/**
 * Admin API: KMSStatus — `GET /kms/status` (also `/minio/kms/v1/status`) → madmin's KMSStatus
 * `{name, default-key-id, endpoints}`.
 */
export const kmsStatus: AdminOperation = async (call) => {
  const s = await call.ctx.kms.status();
  return call.ok({ name: s.name, 'default-key-id': s.defaultKeyId, endpoints: s.endpoints });
};
