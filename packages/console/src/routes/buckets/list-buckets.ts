import {
  apiErrorSchema,
  apiPaths,
  hasCapability,
  type ListBucketsResponse,
  listBucketsResponseSchema,
} from '@stowage/contracts';
import { readAccountInfo } from '../../clients/store-clients.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * GET /api/v1/buckets (spec 1 §2.4, §7): the buckets the signed-in identity can read or write, with size,
 * object count and R/W access, from ONE `accountinfo` call (PROTOCOL-NOTES §5: buckets with neither
 * access are omitted) — no per-bucket round trips, so 1,000+ buckets stay fast.
 */
export function registerListBuckets(app: ZodApp, _ctx: RouteContext): void {
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
      if (!hasCapability(request.session.credentials.caps, 'admin')) {
        // No MinIO admin API (Ceph RGW, s3rver, …): S3's ListBuckets names the buckets; usage is unknown and
        // access is the server's to decide on each request.
        const listed = await request.session.s3.listBuckets();
        const buckets = listed.map((b) => ({
          name: b.name,
          creation_date: b.creationDate.toISOString(),
          size: 0,
          objects: 0,
          rw_access: { read: true, write: true },
        }));
        return { buckets, total: buckets.length };
      }
      const account = await readAccountInfo(request.session.admin);
      const buckets = account.buckets
        .filter((b) => b.read || b.write)
        .map((b) => ({
          name: b.name,
          creation_date: b.created,
          size: b.size,
          objects: b.objects,
          rw_access: { read: b.read, write: b.write },
          ...(b.details === undefined ? {} : { details: b.details }),
        }));
      return { buckets, total: buckets.length };
    },
  );
}
