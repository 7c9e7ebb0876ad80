// SPDX-License-Identifier: Apache-2.0
import { type PagePath, pagePaths } from './paths.js';

/**
 * What a storage server offers beyond plain S3 (issue 24): detected at sign-in and listed in the session's
 * `capabilities`. Plain S3 (buckets, objects, ListBuckets) is assumed everywhere and has no entry.
 */
export const capabilityNames = [
  /** MinIO's admin API (`/minio/admin/v3`): identity, settings, server info, live tools, quotas. */
  'admin',
  /** STS AssumeRole: the session signs with temporary credentials rather than the user's keys. */
  'sts',
  'versioning',
  'object-lock',
  'tagging',
  'lifecycle',
  'replication',
  'notifications',
  'encryption',
  /** Bucket policies (`?policy`): Change Access Policy and the access rules. */
  'policy',
  /** Bucket CORS rules (`?cors`). */
  'cors',
  /** Public access block (`?publicAccessBlock`). */
  'public-access-block',
  /** Object Ownership controls (`?ownershipControls`). */
  'ownership-controls',
  /** SNS-compatible topics (`POST /` `Action=ListTopics`, signed for `sns`): Ceph RGW's bucket event targets. */
  'topics',
  /** Ceph RGW's Admin Ops API (`/admin/…`): the signed-in RGW user has admin caps (issue 36). */
  'rgw-admin',
] as const;
export type Capability = (typeof capabilityNames)[number];

/**
 * Bucket settings outside spec 1's MinIO screens: even where MinIO's admin API is, only their probe says
 * whether the server answers them (this project's store does; MinIO's admin API does not imply it).
 */
export const probeOnlyCapabilities: readonly Capability[] = ['public-access-block', 'ownership-controls'];

/**
 * Pages that exist only where a capability does. A page listed here is left out of the session's `pages`
 * on a server without it; the web app then explains the absence at that path instead of the screen.
 * Watch streams MinIO's ListenBucketNotification, which only servers with MinIO's admin API have.
 */
export const pageCapabilities: Partial<Record<PagePath, Capability>> = {
  [pagePaths.metrics]: 'admin',
  [pagePaths.watch]: 'admin',
  [pagePaths.users]: 'admin',
  [pagePaths.userDetails]: 'admin',
  [pagePaths.rgwUsers]: 'rgw-admin',
  [pagePaths.rgwUserDetails]: 'rgw-admin',
  [pagePaths.groups]: 'admin',
  [pagePaths.policies]: 'admin',
  [pagePaths.policyDetails]: 'admin',
  [pagePaths.heal]: 'admin',
  [pagePaths.trace]: 'admin',
  [pagePaths.logs]: 'admin',
  [pagePaths.healthInfo]: 'admin',
  [pagePaths.speedtest]: 'admin',
  [pagePaths.inspect]: 'admin',
  [pagePaths.profile]: 'admin',
  [pagePaths.idpOpenId]: 'admin',
  [pagePaths.idpLdap]: 'admin',
  [pagePaths.settings]: 'admin',
  [pagePaths.kms]: 'admin',
  [pagePaths.account]: 'admin',
  [pagePaths.accountChangePassword]: 'admin',
  [pagePaths.webhookLogger]: 'admin',
  [pagePaths.webhookAudit]: 'admin',
};

/**
 * Whether a session with these capabilities has `capability`. Sessions that predate detection were all
 * MinIO's: they have every capability but RGW's Admin Ops and topics, which only a detected Ceph RGW has.
 */
export function hasCapability(capabilities: readonly string[] | undefined, capability: Capability): boolean {
  return capabilities === undefined
    ? capability !== 'rgw-admin' && capability !== 'topics'
    : capabilities.includes(capability);
}

/** The capability a page needs that the session lacks, or undefined when the page can work here. */
export function missingPageCapability(
  capabilities: readonly string[] | undefined,
  page: string,
): Capability | undefined {
  const needed = pageCapabilities[page as PagePath];
  return needed !== undefined && !hasCapability(capabilities, needed) ? needed : undefined;
}

/**
 * Whether the session's server offers a bucket setting. Where MinIO's admin API is (MinIO, this project's
 * store), spec 1's own rules decide its settings; the probe-only ones, and everything elsewhere, their probe.
 */
export function offersCapability(
  capabilities: readonly string[] | undefined,
  capability: Capability,
): boolean {
  const adminDecides = hasCapability(capabilities, 'admin') && !probeOnlyCapabilities.includes(capability);
  return adminDecides || hasCapability(capabilities, capability);
}
