// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  rgwBucketParamsSchema,
  rgwCheckIndexSchema,
  rgwIndexCheckSchema,
} from '@stowage/contracts';
import { rgwBucketUsage } from '../../clients/rgw-admin/rgw-admin-client.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses } from './rgw-helpers.js';

type Usage = Parameters<typeof rgwBucketUsage>[0]['usage'];
const counts = (usage: Usage | undefined) => {
  const { size, objects } = rgwBucketUsage({ usage: usage ?? {} });
  return { sizeBytes: size, objects };
};

/**
 * POST /api/v1/rgw/buckets/:bucket/index-check: RGW's bucket index check, comparing the
 * index header's size and count with the entries; `fix` rewrites the header with what was counted.
 */
export function registerCheckRgwBucketIndex(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.rgwBucketIndexCheck,
    {
      schema: {
        tags: ['rgw'],
        summary: "Check a Ceph RGW bucket's index",
        params: rgwBucketParamsSchema,
        body: rgwCheckIndexSchema,
        response: { 200: rgwIndexCheckSchema, ...rgwErrorResponses },
      },
    },
    async (request) => {
      const rgw = rgwAdmin(request, ctx);
      const { bucket } = request.params;
      await rgwCall(() => rgw.bucketStats(bucket)); // a 404 for an unknown bucket (the check answers 200)
      const answer = await rgwCall(() => rgw.checkBucketIndex(bucket, request.body.fix));
      const header = counts(answer.check_result?.existing_header.usage);
      const counted = counts(answer.check_result?.calculated_header.usage);
      return {
        bucket,
        header,
        counted,
        invalidMultipartEntries: answer.invalid_multipart_entries,
        consistent:
          header.sizeBytes === counted.sizeBytes &&
          header.objects === counted.objects &&
          answer.invalid_multipart_entries.length === 0,
        fixed: request.body.fix,
      };
    },
  );
}
