// SPDX-License-Identifier: Apache-2.0
import type { ObjectInfo, ObjectLayer } from '../object-layer/types.js';
import { expiryFor, type VersionFacts } from './evaluate.js';
import type { LifecycleConfiguration } from './types.js';

/** A bucket's lifecycle configuration (its `lifecycle` document), null when it has none. */
export async function readLifecycle(
  layer: ObjectLayer,
  bucket: string,
): Promise<LifecycleConfiguration | null> {
  const raw = await layer.getBucketConfig(bucket, 'lifecycle');
  return raw ? (JSON.parse(raw.toString('utf8')) as LifecycleConfiguration) : null;
}

/** Stores (or with null removes) a validated configuration. */
export async function writeLifecycle(
  layer: ObjectLayer,
  bucket: string,
  config: LifecycleConfiguration | null,
): Promise<void> {
  await layer.putBucketConfig(bucket, 'lifecycle', config ? Buffer.from(JSON.stringify(config)) : null);
}

/** The facts lifecycle evaluates of a version as the object layer reports it. */
export function versionFacts(info: ObjectInfo, tier?: string): VersionFacts {
  return {
    versionId: info.versionId,
    isDeleteMarker: info.isDeleteMarker,
    size: info.size,
    modTime: info.lastModified.getTime(),
    tags: info.tags,
    ...(tier !== undefined ? { tier } : {}),
  };
}

/** When (and by which rule) the bucket's lifecycle will expire this current version; null when none does. */
export async function scheduledExpiry(
  layer: ObjectLayer,
  info: ObjectInfo,
): Promise<{ at: number; ruleId: string } | null> {
  if (!info.isLatest || info.isDeleteMarker) return null;
  const config = await readLifecycle(layer, info.bucket);
  return config ? expiryFor(config, info.key, versionFacts(info)) : null;
}
