// SPDX-License-Identifier: Apache-2.0
import type { IncomingHttpHeaders } from 'node:http';
import { S3Error } from '../core/errors.js';
import type { BucketInfo, ObjectLayer, Retention, RetentionMode } from '../object-layer/types.js';

/** A bucket's default retention rule, stored as JSON in the `object-lock` bucket config. */
export interface DefaultRetention {
  mode: RetentionMode;
  days?: number;
  years?: number;
}

export async function readDefaultRetention(
  layer: ObjectLayer,
  bucket: string,
): Promise<DefaultRetention | null> {
  const raw = await layer.getBucketConfig(bucket, 'object-lock');
  if (!raw) return null;
  const parsed = JSON.parse(raw.toString('utf8')) as { rule?: DefaultRetention | null };
  return parsed.rule ?? null;
}

export function isRetentionMode(v: string | undefined): v is RetentionMode {
  return v === 'GOVERNANCE' || v === 'COMPLIANCE';
}

/** retain-until date of a default rule applied now. */
export function applyDefaultRetention(rule: DefaultRetention, now: Date): Retention {
  const until = new Date(now.getTime());
  if (rule.days) until.setUTCDate(until.getUTCDate() + rule.days);
  if (rule.years) until.setUTCFullYear(until.getUTCFullYear() + rule.years);
  return { mode: rule.mode, retainUntil: until };
}

function single(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v.join(',') : v;
}

/**
 * Retention and legal hold of a new object version from the x-amz-object-lock-* headers, falling back
 * to the bucket's default rule (S3 API: PutObject "Object Lock"). The headers are refused on buckets
 * created without object lock.
 */
export async function lockFromHeaders(
  headers: IncomingHttpHeaders,
  bucket: BucketInfo,
  layer: ObjectLayer,
  now: Date = new Date(),
): Promise<{ retention: Retention | null; legalHold: boolean }> {
  const mode = single(headers['x-amz-object-lock-mode']);
  const until = single(headers['x-amz-object-lock-retain-until-date']);
  const hold = single(headers['x-amz-object-lock-legal-hold']);
  const any = mode !== undefined || until !== undefined || hold !== undefined;
  if (!bucket.objectLockEnabled) {
    if (any) throw new S3Error('InvalidRequest', 'Bucket is missing ObjectLockConfiguration');
    return { retention: null, legalHold: false };
  }
  if (hold !== undefined && hold !== 'ON' && hold !== 'OFF') {
    throw new S3Error('InvalidArgument', 'Legal Hold must be either of ON or OFF');
  }
  let retention: Retention | null = null;
  if (mode !== undefined || until !== undefined) {
    if (mode === undefined || until === undefined) {
      throw new S3Error(
        'InvalidArgument',
        'x-amz-object-lock-retain-until-date and x-amz-object-lock-mode must both be supplied',
      );
    }
    if (!isRetentionMode(mode)) throw new S3Error('InvalidArgument', 'Unknown wormMode directive.');
    const t = Date.parse(until);
    if (Number.isNaN(t)) throw new S3Error('InvalidRetentionDate');
    if (t <= now.getTime())
      throw new S3Error('InvalidArgument', 'The retain until date must be in the future!');
    retention = { mode, retainUntil: new Date(t) };
  } else {
    const rule = await readDefaultRetention(layer, bucket.name);
    if (rule) retention = applyDefaultRetention(rule, now);
  }
  return { retention, legalHold: hold === 'ON' };
}
