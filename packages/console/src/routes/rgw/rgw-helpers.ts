// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, type RgwBucketStats, type RgwQuota, type RgwUser } from '@stowage/contracts';
import type { FastifyRequest } from 'fastify';
import {
  type RgwAdminClient,
  RgwAdminError,
  type RgwBucketStats as RgwWireBucketStats,
  type RgwUser as RgwWireUser,
  rgwBucketUsage,
} from '../../clients/rgw-admin/rgw-admin-client.js';
import { createRgwAdminClient } from '../../clients/store-clients.js';
import { ApiHttpError, apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext } from '../route-context.js';

/** Error answers every RGW route may give (documented in the OpenAPI output). */
export const rgwErrorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  501: apiErrorSchema,
} as const;

/**
 * The caller's Admin Ops client; 501 with the reason when sign-in found no RGW Admin Ops for these keys
 * (another engine, or an RGW user without admin caps).
 */
export function rgwAdmin(request: FastifyRequest, ctx: RouteContext): RgwAdminClient {
  const { credentials } = request.session;
  if (!credentials.caps?.includes('rgw-admin')) {
    throw apiErrors.notProvided(
      "This server does not provide Ceph RGW's Admin Ops API",
      `${ctx.endpoint.url} did not answer RGW's Admin Ops (GET /admin/user of your own user) when you signed in: it is not Ceph RGW, or your RGW user has no admin caps (users, buckets, metadata). Ask an RGW administrator for them, or use radosgw-admin.`,
    );
  }
  return createRgwAdminClient(ctx.endpoint, credentials);
}

/** What RGW's error codes mean to the user; any other code is shown as RGW named it. */
const codeMessages: Record<string, string> = {
  NoSuchUser: 'No such RGW user',
  NoSuchBucket: 'No such bucket',
  NoSuchKey: 'No such access key',
  InvalidAccessKeyId: 'No such access key',
  UserAlreadyExists: 'The user already exists',
  EmailExists: 'The email address is taken',
  KeyExists: 'The access key is taken',
  InvalidArgument: 'Invalid request',
  AccessDenied: 'Access Denied',
};

/** Runs one Admin Ops call, turning RGW's refusal into `{errorMessage, detailedError}` with its status. */
export async function rgwCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof RgwAdminError)) throw err;
    const status = err.status >= 400 && err.status < 600 ? err.status : 502;
    const message = codeMessages[err.code] ?? `RGW refused: ${err.code}`;
    throw new ApiHttpError(status, message, `Ceph RGW answered ${err.code}: ${err.message}.`, { cause: err });
  }
}

function quota(q: RgwWireUser['user_quota']): RgwQuota | null {
  return q ? { enabled: q.enabled, maxSizeBytes: q.max_size, maxObjects: q.max_objects } : null;
}

export { quota as rgwQuotaView };

/** The REST view of a bucket's stats: owner, what `rgw.main` counts, and the bucket's quota. */
export function rgwBucketStatsView(stats: RgwWireBucketStats): RgwBucketStats {
  const usage = rgwBucketUsage(stats);
  return {
    bucket: stats.bucket,
    owner: stats.owner,
    sizeBytes: usage.size,
    objects: usage.objects,
    quota: quota(stats.bucket_quota),
  };
}

/** The REST view of RGW's user document. */
export function rgwUserView(u: RgwWireUser): RgwUser {
  return {
    uid: u.user_id,
    displayName: u.display_name,
    email: u.email,
    suspended: u.suspended !== 0,
    maxBuckets: u.max_buckets,
    keys: u.keys.map((k) => ({ user: k.user, accessKey: k.access_key, secretKey: k.secret_key })),
    caps: u.caps,
    subusers: u.subusers,
    swiftKeys: u.swift_keys.map((k) => ({ user: k.user, secretKey: k.secret_key })),
    userQuota: quota(u.user_quota),
    bucketQuota: quota(u.bucket_quota),
  };
}

/**
 * The RGW user `uid`, or a 404 saying `missing` when `has` does not find in it what the route acts on (RGW
 * answers some of these with another status, or acts anyway: it would make a Swift key for a subuser it lacks).
 */
export async function rgwUserHaving(
  rgw: RgwAdminClient,
  uid: string,
  has: (user: RgwWireUser) => boolean,
  missing: string,
): Promise<RgwWireUser> {
  const user = await rgwCall(() => rgw.getUser(uid));
  if (!has(user)) throw apiErrors.notFound(missing);
  return user;
}

/** The RGW user `uid` with its subuser `uid:name`, or a 404. */
export function rgwUserWithSubuser(rgw: RgwAdminClient, uid: string, subuser: string): Promise<RgwWireUser> {
  return rgwUserHaving(
    rgw,
    uid,
    (user) => user.subusers.some((s) => s.id === subuser),
    `The RGW user ${uid} has no subuser ${subuser}.`,
  );
}

/** Changing your own caps could take away the Admin Ops this session runs on: refused. */
export function refuseOwnCaps(request: FastifyRequest, user: RgwWireUser): void {
  if (user.keys.some((k) => k.access_key === request.session.credentials.accessKey))
    throw apiErrors.badRequest('You cannot change the caps of the RGW user you are signed in as.');
}
