// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type SiteReplicationInfo, siteReplicationInfoSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { siteReplicationErrorResponses } from './site-replication-errors.js';

/**
 * GET /api/v1/admin/site-replication (MinIO Console's GetSiteReplicationInfo): madmin
 * SiteReplicationInfo — whether this site replicates, its name and the sites of the set.
 */
export function registerGetSiteReplicationInfo(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.siteReplication,
    {
      schema: {
        tags: ['site-replication'],
        summary: 'The sites this site replicates with',
        response: { 200: siteReplicationInfoSchema, ...siteReplicationErrorResponses },
      },
    },
    async (request): Promise<SiteReplicationInfo> => {
      const info = await request.session.admin.siteReplicationInfo();
      return {
        enabled: info.enabled,
        ...(info.name ? { name: info.name } : {}),
        ...(info.serviceAccountAccessKey ? { serviceAccountAccessKey: info.serviceAccountAccessKey } : {}),
        sites: (info.sites ?? []).map((s) => ({
          endpoint: s.endpoint,
          name: s.name,
          deploymentID: s.deploymentID,
        })),
      };
    },
  );
}
