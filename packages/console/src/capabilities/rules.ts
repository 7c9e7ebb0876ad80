// SPDX-License-Identifier: Apache-2.0
import type { Capability } from '@stowage/contracts';

/** The S3 bucket sub-resources probed at sign-in, by the capability each one shows. */
export const bucketFeatureProbes = [
  'versioning',
  'object-lock',
  'tagging',
  'lifecycle',
  'replication',
  'notifications',
  'encryption',
  'policy',
  'cors',
  'public-access-block',
  'ownership-controls',
] as const satisfies readonly Capability[];
export type BucketFeature = (typeof bucketFeatureProbes)[number];

/**
 * How one probe ended: the server answered (`ok`), refused with an S3/admin error (its code and HTTP
 * status), or gave no answer in time (`timeout`, connection failures too).
 */
export type ProbeAnswer =
  | { kind: 'ok' }
  | { kind: 'error'; code: string; status: number }
  | { kind: 'timeout' };

/** Answers that mean "this server does not know the operation" (s3rver, gateways, older engines). */
const notImplementedCodes = new Set(['NotImplemented', 'MethodNotAllowed', 'XNotImplemented']);
const notImplementedStatuses = new Set([405, 501]);

/**
 * Whether a bucket sub-resource GET shows the feature exists. "Nothing configured" answers
 * (NoSuchTagSet, NoSuchLifecycleConfiguration, ObjectLockConfigurationNotFoundError, …), NoSuchBucket
 * (the random-bucket probe) and AccessDenied all come from a server that routed the request to the
 * operation, so they count as present; NotImplemented, MethodNotAllowed, 405 and 501 do not, and neither
 * does silence.
 */
export function bucketFeaturePresent(answer: ProbeAnswer): boolean {
  if (answer.kind === 'ok') return true;
  if (answer.kind === 'timeout') return false;
  return !notImplementedCodes.has(answer.code) && !notImplementedStatuses.has(answer.status);
}

/**
 * Whether MinIO's admin API answered: only a parsed `accountinfo` counts. Any error does not — a server
 * without the API routes `/minio/admin/v3/accountinfo` as bucket `minio` and answers NoSuchBucket,
 * NoSuchKey, AccessDenied or 404, and every MinIO identity may read its own account info.
 */
export function adminApiPresent(answer: ProbeAnswer): boolean {
  return answer.kind === 'ok';
}

/** Everything a detection run learnt, as the probes answered. */
export interface ProbeAnswers {
  admin: ProbeAnswer;
  /** Ceph RGW's Admin Ops: `ok` only when `GET /admin/user?uid=<self>` answered the user's document. */
  rgwAdmin?: ProbeAnswer;
  /** SNS-compatible topics: `ok` only when `ListTopics` answered a topic list. */
  topics?: ProbeAnswer;
  /** Whether the session was issued by STS AssumeRole (known from sign-in, not probed). */
  sts: boolean;
  buckets: Record<BucketFeature, ProbeAnswer>;
}

/**
 * The capabilities the answers show, in `capabilityNames` order. Replication is set up through the admin
 * API's remote targets as well as the bucket's replication rules, so without the admin API it is not
 * offered even where the server knows `?replication` (Ceph RGW).
 */
export function capabilitiesFrom(answers: ProbeAnswers): Capability[] {
  const admin = adminApiPresent(answers.admin);
  const caps: Capability[] = [];
  if (admin) caps.push('admin');
  if (answers.sts) caps.push('sts');
  for (const feature of bucketFeatureProbes) {
    const present = bucketFeaturePresent(answers.buckets[feature]);
    if (feature === 'replication' ? present && admin : present) caps.push(feature);
  }
  if (answers.topics?.kind === 'ok') caps.push('topics');
  if (answers.rgwAdmin?.kind === 'ok') caps.push('rgw-admin');
  return caps;
}

/**
 * Kept with the capabilities in the session cookie when sign-in had no bucket to ask about and the server
 * has no MinIO admin API: the bucket features were read from NoSuchBucket answers, which s3rver gives
 * before it looks at the operation. The session endpoint probes again once a bucket exists.
 */
export const GUESSED_BUCKET_FEATURES = 'bucket-features-guessed';

/** The probe's code for RGW's Admin Ops answering AccessDenied in their own JSON (not S3's XML). */
export const RGW_ADMIN_OPS_DENIED = 'RgwAdminOpsDenied';

/** Whether the Admin Ops probe met Ceph RGW refusing this user: RGW, but no admin caps. */
export function rgwAdminOpsDenied(answer: ProbeAnswer): boolean {
  return answer.kind === 'error' && answer.code === RGW_ADMIN_OPS_DENIED;
}

/**
 * Kept with the capabilities in the session cookie when the server is Ceph RGW and the user has no admin
 * caps, so the session can say why RGW's Admin Ops are absent (not RGW at all is said otherwise).
 */
export const RGW_NO_ADMIN_CAPS = 'rgw-no-admin-caps';

const markers = new Set<string>([GUESSED_BUCKET_FEATURES, RGW_NO_ADMIN_CAPS]);

/** The capabilities a session reports: the cookie's list without the bookkeeping markers. */
export function reportedCapabilities(caps: readonly string[]): string[] {
  return caps.filter((c) => !markers.has(c));
}
