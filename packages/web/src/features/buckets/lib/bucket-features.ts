// SPDX-License-Identifier: Apache-2.0
import { hasCapability, offersCapability } from '@stowage/contracts';

/** Which bucket settings a session can show (spec 1 §2.5, issue 24). */
export interface BucketFeatures {
  versioning: boolean;
  objectLocking: boolean;
  /** Default retention is a setting of object locking. */
  retention: boolean;
  quota: boolean;
  replication: boolean;
  encryption: boolean;
  /** Size and object count come from MinIO's admin `accountinfo`, or RGW's Admin Ops bucket stats. */
  usage: boolean;
  events: boolean;
  lifecycle: boolean;
  /** Which users and policies reach the bucket: MinIO's admin API. */
  accessAudit: boolean;
  /** Bucket policies: the access rules (issue 36: decided by the `?policy` probe). */
  policy: boolean;
  /** Bucket CORS rules (`?cors` probe). */
  cors: boolean;
  /** Bucket tags (`?tagging` probe). */
  tagging: boolean;
  /** The public access block (`?publicAccessBlock` probe, wherever the server is). */
  publicAccessBlock: boolean;
  /** Object Ownership (`?ownershipControls` probe, wherever the server is). */
  ownershipControls: boolean;
  /**
   * MinIO on one drive: versioning, locking, quota and retention exist but need erasure coding, so they are
   * shown disabled with the non-erasure notice (spec 1 §1) rather than hidden.
   */
  erasureNotice: boolean;
}

/**
 * The bucket settings of a session. A server with MinIO's admin API is MinIO or this project's store, whose
 * settings spec 1 lays out: versioning and the rest need a distributed setup, and screens this version does
 * not have yet show as such. On any other S3 server, what sign-in detected. Quota and replication need the
 * admin API wherever they are (quota is an admin call, replication targets too).
 */
export function bucketFeatures(
  capabilities: readonly string[] | undefined,
  distributed: boolean,
): BucketFeatures {
  const admin = hasCapability(capabilities, 'admin');
  const has = (c: Parameters<typeof hasCapability>[1]): boolean => offersCapability(capabilities, c);
  const erasureOk = admin ? distributed : true;
  const objectLocking = erasureOk && has('object-lock');
  return {
    versioning: erasureOk && has('versioning'),
    objectLocking,
    retention: objectLocking,
    quota: admin && distributed,
    replication: erasureOk && has('replication'),
    encryption: has('encryption'),
    usage: admin || hasCapability(capabilities, 'rgw-admin'),
    events: has('notifications'),
    lifecycle: erasureOk && has('lifecycle'),
    accessAudit: admin,
    policy: has('policy'),
    cors: has('cors'),
    tagging: has('tagging'),
    publicAccessBlock: has('public-access-block'),
    ownershipControls: has('ownership-controls'),
    erasureNotice: admin && !distributed,
  };
}

/** The options the create-bucket dialog shows: all of them (disabled) on one drive, else what works. */
export function createBucketOptions(f: BucketFeatures): {
  versioning: boolean;
  locking: boolean;
  quota: boolean;
} {
  return {
    versioning: f.erasureNotice || f.versioning,
    locking: f.erasureNotice || f.objectLocking,
    quota: f.erasureNotice || f.quota,
  };
}

/**
 * The settings a server lacks, named for the note under the summary; none on MinIO, whose single-drive
 * limits have their own notice.
 */
export function absentSettings(f: BucketFeatures): string[] {
  if (f.erasureNotice || f.accessAudit) return [];
  const names: Array<[boolean, string]> = [
    [f.versioning, 'versioning'],
    [f.objectLocking, 'object locking and retention'],
    [f.encryption, 'encryption'],
    [f.quota, 'quotas'],
    [f.replication, 'replication'],
    [f.usage, 'usage reports'],
    [f.policy, 'bucket policies'],
    [f.cors, 'CORS rules'],
    [f.tagging, 'bucket tags'],
  ];
  return names.filter(([present]) => !present).map(([, name]) => name);
}
