// SPDX-License-Identifier: Apache-2.0
import type { ObjectItem } from '@stowage/contracts';

type Headers = Record<string, string | string[] | undefined>;

function one(h: Headers, name: string): string | undefined {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * An object's encryption at rest as its HEAD answer tells (S3: `x-amz-server-side-encryption` AES256 or
 * aws:kms with the key id, the SSE-C algorithm header): the object details panel's Encryption row.
 */
export function encryptionFromHeaders(h: Headers): Pick<ObjectItem, 'encryption'> {
  const sse = one(h, 'x-amz-server-side-encryption');
  if (sse === 'AES256') return { encryption: { type: 'SSE-S3' } };
  if (sse === 'aws:kms') {
    const key = one(h, 'x-amz-server-side-encryption-aws-kms-key-id');
    return {
      encryption: { type: 'SSE-KMS', ...(key ? { kms_key_id: key.replace(/^arn:aws:kms:/, '') } : {}) },
    };
  }
  if (one(h, 'x-amz-server-side-encryption-customer-algorithm')) return { encryption: { type: 'SSE-C' } };
  return {};
}
