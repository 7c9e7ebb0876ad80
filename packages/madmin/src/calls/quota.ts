// SPDX-License-Identifier: Apache-2.0
// Admin API: bucket quotas (PROTOCOL-NOTES §2; madmin-go quota-commands.go).
import { type AdminTransport, requireArg } from '../transport.js';
import { type BucketQuota, bucketQuotaSchema } from '../types/quota.js';

/** `GET /get-bucket-quota?bucket=`; MinIO answers 404 XMinioAdminNoSuchQuotaConfiguration when unset. */
export async function getBucketQuota(t: AdminTransport, bucket: string): Promise<BucketQuota> {
  return t.json(bucketQuotaSchema, {
    method: 'GET',
    path: '/get-bucket-quota',
    query: { bucket: requireArg(bucket, 'bucket') },
  });
}

/** `PUT /set-bucket-quota?bucket=` with `{quota, quotatype}`; a quota of 0 clears it. */
export async function setBucketQuota(t: AdminTransport, bucket: string, quota: BucketQuota): Promise<void> {
  if (!Number.isSafeInteger(quota.quota) || quota.quota < 0) {
    throw new RangeError('quota must be a non-negative integer number of bytes');
  }
  const body: BucketQuota = { quota: quota.quota, quotatype: quota.quotatype ?? 'hard' };
  await t.empty({
    method: 'PUT',
    path: '/set-bucket-quota',
    query: { bucket: requireArg(bucket, 'bucket') },
    body: JSON.stringify(body),
  });
}
