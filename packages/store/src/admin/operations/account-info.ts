// SPDX-License-Identifier: Apache-2.0
import type { AccountInfo, BucketAccessInfo } from '@stowage/madmin';
import { emptyHistogram } from '../../background/scanner.js';
import type { BucketInfo } from '../../object-layer/types.js';
import { backendInfoJson } from '../backend-info.js';
import type { AdminOperation } from '../call.js';
import { policyDocument, storedQuota } from './wire.js';

/**
 * Admin API: AccountInfo — `GET /accountinfo` → `{AccountName, Server, Policy, Buckets}` for any signed
 * caller. A bucket is listed when the caller may read it (s3:ListBucket or s3:GetBucketLocation) or
 * write it (s3:PutObject), with size and object count from the scanner (PROTOCOL-NOTES §5).
 */
export const accountInfo: AdminOperation = async (call) => {
  const ctx = call.ctx;
  const id = call.identity;
  const usage = await ctx.usage.refresh();
  const info = await ctx.layer.storageInfo();
  const buckets: BucketInfo[] = await ctx.layer.listBuckets();
  const out: BucketAccessInfo[] = [];
  for (const b of buckets) {
    const read =
      (await call.allowed('s3:ListBucket', { bucket: b.name })) ||
      (await call.allowed('s3:GetBucketLocation', { bucket: b.name }));
    const write = await call.allowed('s3:PutObject', { bucket: b.name });
    if (!read && !write) continue;
    const [quotaRaw, replication, tagging] = await Promise.all([
      ctx.layer.getBucketConfig(b.name, 'quota').catch(() => null),
      ctx.layer.getBucketConfig(b.name, 'replication').catch(() => null),
      ctx.layer.getBucketConfig(b.name, 'tagging').catch(() => null),
    ]);
    const u = usage.buckets.get(b.name);
    out.push({
      name: b.name,
      size: u?.size ?? 0,
      objects: u?.objectsCount ?? 0,
      objectHistogram: u?.histogram ?? emptyHistogram(),
      details: {
        versioning: b.versioning === 'Enabled',
        versioningSuspended: b.versioning === 'Suspended',
        locking: b.objectLockEnabled,
        replication: replication !== null,
        // MinIO's own encoding loses the tags (PROTOCOL-NOTES §7).
        tags: tagging !== null ? { TagSet: {} } : null,
        quota: storedQuota(quotaRaw),
      },
      prefixUsage: {},
      created: b.created.toISOString(),
      access: { read, write },
    });
  }
  return call.ok({
    AccountName: id.kind === 'sts' || id.kind === 'service-account' ? id.parentUser : id.accessKey,
    Server: backendInfoJson(ctx, info),
    Policy: policyDocument(ctx.iam.effectivePolicyDocument(id)),
    Buckets: out,
  } satisfies AccountInfo);
};
