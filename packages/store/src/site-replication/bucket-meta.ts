// SPDX-License-Identifier: Apache-2.0
import { isS3Error, S3Error } from '../core/errors.js';
import type { BucketConfigName, BucketInfo, ObjectLayer } from '../object-layer/types.js';
import type { BucketMeta, BucketMetaType, SRBucketInfo } from './wire.js';

/**
 * A bucket's replicated settings, read from and written to the local layer: the SRBucketMeta items
 * the peer call `bucket-meta` carries and the SRBucketInfo `metainfo` reports. Notification rules and
 * replication rules stay local (the site layer manages the latter itself).
 */

const DOCS: Partial<Record<BucketMetaType, { doc: BucketConfigName; field: keyof BucketMeta }>> = {
  policy: { doc: 'policy', field: 'policy' },
  tags: { doc: 'tagging', field: 'tags' },
  'object-lock-config': { doc: 'object-lock', field: 'objectLockConfig' },
  'sse-config': { doc: 'encryption', field: 'sseConfig' },
  'quota-config': { doc: 'quota', field: 'quota' },
  'lc-config': { doc: 'lifecycle', field: 'expLCConfig' },
};

/** Which SRBucketMeta a bucket-level S3 or admin operation changes. */
export const META_OF_ROUTE: Readonly<Record<string, BucketMetaType>> = {
  PutBucketPolicy: 'policy',
  DeleteBucketPolicy: 'policy',
  PutBucketTagging: 'tags',
  DeleteBucketTagging: 'tags',
  PutBucketVersioning: 'version-config',
  PutObjectLockConfiguration: 'object-lock-config',
  PutBucketEncryption: 'sse-config',
  DeleteBucketEncryption: 'sse-config',
  PutBucketLifecycleConfiguration: 'lc-config',
  DeleteBucketLifecycle: 'lc-config',
  PutBucketQuota: 'quota-config',
};

function versioningXml(state: string): string {
  return `<VersioningConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Status>${state}</Status></VersioningConfiguration>`;
}

/** The bucket, or null when it does not exist. */
export async function bucketOrNull(layer: ObjectLayer, bucket: string): Promise<BucketInfo | null> {
  try {
    return await layer.getBucketInfo(bucket);
  } catch (err) {
    if (isS3Error(err, 'NoSuchBucket')) return null;
    throw err;
  }
}

/** One setting of a bucket as the peer call carries it (a null field: the setting is not set). */
export async function readBucketMeta(
  layer: ObjectLayer,
  info: BucketInfo,
  type: BucketMetaType,
): Promise<BucketMeta> {
  const item: BucketMeta = { type, bucket: info.name, updatedAt: new Date().toISOString() };
  if (type === 'version-config') {
    item.versioningConfig = info.versioning === 'Unversioned' ? null : versioningXml(info.versioning);
    return item;
  }
  const spec = DOCS[type];
  if (!spec) return item;
  const raw = await layer.getBucketConfig(info.name, spec.doc);
  const text = raw ? raw.toString('utf8') : null;
  if (spec.field === 'policy' || spec.field === 'quota') {
    (item as Record<string, unknown>)[spec.field] = text ? (JSON.parse(text) as unknown) : null;
  } else {
    (item as Record<string, unknown>)[spec.field] = text;
  }
  return item;
}

/** Every replicated setting of a bucket that is set. */
export async function readAllBucketMeta(layer: ObjectLayer, info: BucketInfo): Promise<BucketMeta[]> {
  const types: BucketMetaType[] = ['version-config', ...(Object.keys(DOCS) as BucketMetaType[])];
  const items = await Promise.all(types.map((t) => readBucketMeta(layer, info, t)));
  return items.filter((i) => {
    const spec = DOCS[i.type];
    const v = spec ? i[spec.field] : i.versioningConfig;
    return v !== null && v !== undefined;
  });
}

/** Applies a setting a peer sent (absent value: the setting is removed). */
export async function applyBucketMeta(layer: ObjectLayer, item: BucketMeta): Promise<void> {
  await layer.getBucketInfo(item.bucket);
  if (item.type === 'version-config') {
    const m = /<Status>(Enabled|Suspended)<\/Status>/.exec(item.versioningConfig ?? '');
    if (m?.[1] === 'Enabled' || m?.[1] === 'Suspended') await layer.setBucketVersioning(item.bucket, m[1]);
    return;
  }
  const spec = DOCS[item.type];
  if (!spec)
    throw new S3Error('XMinioSiteReplicationBucketMetaError', `unknown bucket metadata type ${item.type}`);
  const value = item[spec.field];
  let data: Buffer | null = null;
  if (value !== null && value !== undefined && value !== '') {
    data = Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
  }
  await layer.putBucketConfig(item.bucket, spec.doc, data);
}

/** What `metainfo` reports of a bucket (madmin SRBucketInfo). */
export async function bucketInfoOf(layer: ObjectLayer, info: BucketInfo): Promise<SRBucketInfo> {
  const out: SRBucketInfo = { bucket: info.name, bucketTimestamp: info.created.toISOString() };
  for (const item of await readAllBucketMeta(layer, info)) {
    if (item.type === 'policy') out.policy = item.policy;
    if (item.type === 'tags' && item.tags) out.tags = item.tags;
    if (item.type === 'version-config' && item.versioningConfig) out.versioningConfig = item.versioningConfig;
    if (item.type === 'object-lock-config' && item.objectLockConfig)
      out.objectLockConfig = item.objectLockConfig;
    if (item.type === 'sse-config' && item.sseConfig) out.sseConfig = item.sseConfig;
    if (item.type === 'quota-config') out.quotaConfig = JSON.stringify(item.quota);
  }
  return out;
}
