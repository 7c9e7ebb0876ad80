// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type SiteReplicationEditResponse,
  siteReplicationEditRequestSchema,
  siteReplicationEditResponseSchema,
} from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { siteReplicationErrorResponses, unlessSucceeded } from './site-replication-errors.js';

/**
 * PUT /api/v1/admin/site-replication (MinIO Console's SiteReplicationEdit): a site's new endpoint, the
 * site named by its deployment id (madmin SiteReplicationEdit, encrypted body).
 */
export function registerEditSiteReplication(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.siteReplication,
    {
      schema: {
        tags: ['site-replication'],
        summary: "Change a site's endpoint",
        body: siteReplicationEditRequestSchema,
        response: { 200: siteReplicationEditResponseSchema, ...siteReplicationErrorResponses },
      },
    },
    async (request): Promise<SiteReplicationEditResponse> => {
      const { deploymentID, name, endpoint } = request.body;
      const answer = await request.session.admin.siteReplicationEdit({
        deploymentID,
        name,
        endpoint: endpoint.trim().replace(/\/+$/, ''),
      });
      unlessSucceeded(answer, `change the endpoint of ${name || deploymentID}`);
      return {
        success: answer.success,
        status: answer.status,
        ...(answer.errorDetail ? { errorDetail: answer.errorDetail } : {}),
      };
    },
  );
}
