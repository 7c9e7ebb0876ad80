// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  hasCapability,
  type ListBucketsResponse,
  listBucketsResponseSchema,
} from '@stowage/contracts';
import { readRgwBucketUsage } from '../../clients/rgw-admin/rgw-bucket-usage.js';
import { type AccountBucket, readAccountInfo } from '../../clients/store-clients.js';
import type { ConsoleSession } from '../../session/session-plugin.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * GET /api/v1/buckets (spec 1 §2.4, §7): the buckets the signed-in identity can read or write, with size,
 * object count and R/W access, from ONE `accountinfo` call (PROTOCOL-NOTES §5: buckets with neither
 * access are omitted) — no per-bucket round trips, so 1,000+ buckets stay fast. On Ceph RGW with Admin Ops
 * the sizes come from one `GET /admin/bucket?stats=true` likewise.
 */
export function registerListBuckets(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.buckets,
    {
      schema: {
        tags: ['buckets'],
        summary: 'List buckets',
        response: { 200: listBucketsResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request): Promise<ListBucketsResponse> => {
      const buckets = (await accountBuckets(request.session, ctx))
        .filter((b) => b.read || b.write)
        .map((b) => ({
          name: b.name,
          creation_date: b.created,
          ...(b.size === undefined ? {} : { size: b.size }),
          ...(b.objects === undefined ? {} : { objects: b.objects }),
          rw_access: { read: b.read, write: b.write },
          ...(b.details === undefined ? {} : { details: b.details }),
        }));
      return { buckets, total: buckets.length };
    },
  );
}

/**
 * The buckets of `accountinfo`; a session signing with the user's own keys (a server without usable STS,
 * issue 24) may have no MinIO admin API: it lists with S3 ListBuckets, each bucket readable and writable
 * as far as the console can tell (the server still decides each request).
 */
async function accountBuckets(
  session: ConsoleSession,
  ctx: RouteContext,
): Promise<(Omit<AccountBucket, 'size' | 'objects'> & Partial<AccountBucket>)[]> {
  // Sign-in found no MinIO admin API (Ceph RGW, s3rver, …): S3 alone names the buckets.
  if (hasCapability(session.credentials.caps, 'admin')) {
    try {
      return (await readAccountInfo(session.admin)).buckets;
    } catch (err) {
      if (session.credentials.mode !== 'keys') throw err;
    }
  }
  // S3 reports no usage: size and objects stay unknown rather than a false 0, unless RGW's Admin Ops
  // answers them (issue 36).
  const [listed, usage] = await Promise.all([
    session.s3.listBuckets(),
    readRgwBucketUsage(ctx.endpoint, session.credentials),
  ]);
  return listed.map((b) => ({
    name: b.name,
    created: b.creationDate.toISOString(),
    read: true,
    write: true,
    ...usage?.get(b.name),
  }));
}
