// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';
import { storedQuota } from './wire.js';

/** Admin API: GetBucketQuota — `GET /get-bucket-quota?bucket=` → `{quota, quotatype}`; 404 when unset. */
export const getBucketQuota: AdminOperation = async (call) => {
  const bucket = call.param('bucket');
  await call.ctx.layer.getBucketInfo(bucket);
  const quota = storedQuota(await call.ctx.layer.getBucketConfig(bucket, 'quota'));
  if (!quota) throw new S3Error('XMinioAdminNoSuchQuotaConfiguration', undefined, { BucketName: bucket });
  return call.ok(quota);
};
