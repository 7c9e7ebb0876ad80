// SPDX-License-Identifier: Apache-2.0
/**
 * The S3 lifecycle rule model (PutBucketLifecycleConfiguration), validated and stored as JSON in the
 * bucket's `lifecycle` document. Dates are ISO strings at midnight UTC; day counts are whole days.
 */

export type RuleStatus = 'Enabled' | 'Disabled';

/** Which objects a rule applies to: every condition given must hold. */
export interface LifecycleFilter {
  prefix?: string;
  tags?: Record<string, string>;
  /** Strictly greater than, in bytes. */
  objectSizeGreaterThan?: number;
  /** Strictly less than, in bytes. */
  objectSizeLessThan?: number;
}

export interface Expiration {
  days?: number;
  date?: string;
  expiredObjectDeleteMarker?: boolean;
}

export interface NoncurrentVersionExpiration {
  noncurrentDays?: number;
  newerNoncurrentVersions?: number;
}

export interface Transition {
  days?: number;
  date?: string;
  /** A tier name (MinIO's remote tiers). */
  storageClass: string;
}

export interface NoncurrentVersionTransition {
  noncurrentDays: number;
  newerNoncurrentVersions?: number;
  storageClass: string;
}

export interface LifecycleRule {
  id: string;
  status: RuleStatus;
  filter: LifecycleFilter;
  /** How the filter was written, so GET gives back the same shape: rule-level `<Prefix>` or `<Filter>`. */
  filterForm: 'prefix' | 'filter';
  expiration?: Expiration;
  noncurrentVersionExpiration?: NoncurrentVersionExpiration;
  abortIncompleteMultipartUpload?: { daysAfterInitiation: number };
  transitions?: Transition[];
  noncurrentVersionTransitions?: NoncurrentVersionTransition[];
}

export interface LifecycleConfiguration {
  rules: LifecycleRule[];
}

/** AWS allows at most 1000 rules per configuration. */
export const MAX_RULES = 1000;
