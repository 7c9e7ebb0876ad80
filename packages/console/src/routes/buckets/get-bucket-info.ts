// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type BucketInfo,
  bucketInfoSchema,
  bucketParamsSchema,
  hasCapability,
} from '@stowage/contracts';
import { bucketAccessOf } from '../../bucket-policy/access-rules.js';
import { readRgwBucketUsage } from '../../clients/rgw-admin/rgw-bucket-usage.js';
import { readAccountInfo } from '../../clients/store-clients.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readBucketPolicy } from './bucket-route-support.js';

/**
 * GET /api/v1/buckets/{name} (spec 1 §3 "Bucket info"): the access (PRIVATE, PUBLIC or CUSTOM, read from the
 * bucket policy as PROTOCOL-NOTES §6 says), the policy itself, and the usage the store reports. A missing
 * bucket is 404 (NoSuchBucket from GetBucketPolicy).
 */
export function registerGetBucketInfo(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.bucket,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Bucket access and usage',
        params: bucketParamsSchema,
        response: {
          200: bucketInfoSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request): Promise<BucketInfo> => {
      const { name } = request.params;
      // Usage comes from MinIO's admin API; a server without it (issue 24) reports none.
      const usageSource = hasCapability(request.session.credentials.caps, 'admin')
        ? readAccountInfo(request.session.admin).catch(() => null)
        : Promise.resolve(null);
      const [definition, account, rgw] = await Promise.all([
        readBucketPolicy(request.session.s3, name),
        usageSource,
        readRgwBucketUsage(ctx.endpoint, request.session.credentials, name),
      ]);
      const usage = account?.buckets.find((b) => b.name === name);
      return {
        name,
        access: bucketAccessOf(name, definition),
        definition,
        ...rgw?.get(name),
        ...(usage === undefined
          ? {}
          : {
              creation_date: usage.created,
              size: usage.size,
              objects: usage.objects,
              rw_access: { read: usage.read, write: usage.write },
              ...(usage.details === undefined ? {} : { replication: usage.details.replication }),
            }),
      };
    },
  );
}
