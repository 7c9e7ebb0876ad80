// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type SiteReplicationAddResponse,
  siteReplicationAddRequestSchema,
  siteReplicationAddResponseSchema,
} from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { siteReplicationErrorResponses, unlessSucceeded } from './site-replication-errors.js';

/**
 * POST /api/v1/admin/site-replication (MinIO Console's SiteReplicationInfoAdd): this site and its peers
 * (name, endpoint, keys; checked by the contract's rules) become one replication set through madmin
 * SiteReplicationAdd, whose body is encrypted. A peer's refusal comes back as 502 naming the peer.
 */
export function registerAddSiteReplication(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.siteReplication,
    {
      schema: {
        tags: ['site-replication'],
        summary: 'Add sites to site replication',
        body: siteReplicationAddRequestSchema,
        response: { 200: siteReplicationAddResponseSchema, ...siteReplicationErrorResponses },
      },
    },
    async (request): Promise<SiteReplicationAddResponse> => {
      const answer = await request.session.admin.siteReplicationAdd(
        request.body.map((s) => ({
          name: s.name.trim(),
          endpoints: s.endpoint.trim().replace(/\/+$/, ''),
          accessKey: s.accessKey.trim(),
          secretKey: s.secretKey,
        })),
      );
      unlessSucceeded(answer, 'add the sites');
      return {
        success: answer.success,
        status: answer.status,
        ...(answer.errorDetail ? { errorDetail: answer.errorDetail } : {}),
        ...(answer.initialSyncErrorMessage
          ? { initialSyncErrorMessage: answer.initialSyncErrorMessage }
          : {}),
      };
    },
  );
}
