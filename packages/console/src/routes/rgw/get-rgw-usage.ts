// SPDX-License-Identifier: Apache-2.0
import { apiPaths, rgwUsageQuerySchema, rgwUsageSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { rgwAdmin, rgwCall, rgwErrorResponses } from './rgw-helpers.js';

const counts = (c: { bytes_sent: number; bytes_received: number; ops: number; successful_ops: number }) => ({
  bytesSent: c.bytes_sent,
  bytesReceived: c.bytes_received,
  ops: c.ops,
  successfulOps: c.successful_ops,
});

/**
 * GET /api/v1/rgw/usage[?uid&start&end]: RGW's usage log summed per user and category (operations and
 * bytes in and out). Empty when the gateway does not log usage (`rgw_enable_usage_log`).
 */
export function registerGetRgwUsage(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.rgwUsage,
    {
      schema: {
        tags: ['rgw'],
        summary: 'Usage of Ceph RGW users',
        querystring: rgwUsageQuerySchema,
        response: { 200: rgwUsageSchema, ...rgwErrorResponses },
      },
    },
    async (request) => {
      const rgw = rgwAdmin(request, ctx);
      const answer = await rgwCall(() => rgw.usage(request.query));
      return {
        users: answer.summary.map((s) => ({
          uid: s.user,
          categories: s.categories.map((c) => ({ category: c.category, ...counts(c) })),
          total: counts(s.total),
        })),
      };
    },
  );
}
