// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type RgwCapacity, rgwCapacitySchema } from '@stowage/contracts';
import type { RgwBucketStats } from '../../clients/rgw-admin/rgw-admin-client.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses } from './rgw-helpers.js';

/** The totals of every bucket's stats: what RGW's buckets hold (`rgw.main`: finished objects). */
export function rgwCapacity(all: readonly RgwBucketStats[]): RgwCapacity {
  let objects = 0;
  let sizeBytes = 0;
  let sizeActualBytes = 0;
  for (const stats of all) {
    const main = stats.usage['rgw.main'];
    objects += main?.num_objects ?? 0;
    sizeBytes += main?.size ?? 0;
    sizeActualBytes += main?.size_actual ?? main?.size ?? 0;
  }
  return {
    buckets: all.length,
    objects,
    sizeBytes,
    sizeActualBytes,
    owners: new Set(all.map((s) => s.owner)).size,
  };
}

/**
 * GET /api/v1/rgw/capacity: the space RGW's buckets use, from one `GET /admin/bucket?stats=true`. RGW's
 * Admin Ops API reports no raw cluster capacity (pacific answers `GET /admin/info` with 405; newer releases
 * only the cluster id): the dashboard says so.
 */
export function registerGetRgwCapacity(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.rgwCapacity,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Space used by the buckets of Ceph RGW',
        response: { 200: rgwCapacitySchema, ...rgwErrorResponses },
      },
    },
    async (request) => {
      const rgw = rgwAdmin(request, ctx);
      return rgwCapacity(await rgwCall(() => rgw.allBucketStats()));
    },
  );
}
