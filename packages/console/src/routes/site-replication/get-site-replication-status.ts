// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type SiteReplicationStatus,
  siteReplicationStatusQuerySchema,
  siteReplicationStatusSchema,
} from '@stowage/contracts';
import type { SRSiteSummary } from '@stowage/madmin';
import type { RouteContext, ZodApp } from '../route-context.js';
import { siteReplicationErrorResponses } from './site-replication-errors.js';

/** A site's counts: the numbers of madmin's SRSiteSummary (keys a newer server adds included). */
function counts(summary: SRSiteSummary): Record<string, number> {
  return Object.fromEntries(Object.entries(summary).filter(([, v]) => typeof v === 'number')) as Record<
    string,
    number
  >;
}

/**
 * GET /api/v1/admin/site-replication/status (MinIO Console's GetSiteReplicationStatus): madmin
 * SRStatusInfo with the summary counts per site and, per bucket / user / group / policy, each site's
 * view — only mismatches, unless `entityType` + `entityValue` look one item up.
 */
export function registerGetSiteReplicationStatus(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.siteReplicationStatus,
    {
      schema: {
        tags: ['site-replication'],
        summary: 'Site replication status, or one entity at every site',
        querystring: siteReplicationStatusQuerySchema,
        response: { 200: siteReplicationStatusSchema, ...siteReplicationErrorResponses },
      },
    },
    async (request): Promise<SiteReplicationStatus> => {
      const q = request.query;
      const entity = q.entityType && q.entityValue?.trim() ? q.entityType : undefined;
      const s = await request.session.admin.srStatusInfo({
        buckets: q.buckets,
        users: q.users,
        groups: q.groups,
        policies: q.policies,
        ...(entity ? { entity, entityValue: q.entityValue?.trim() } : {}),
      });
      return {
        enabled: s.Enabled,
        maxBuckets: s.MaxBuckets ?? 0,
        maxUsers: s.MaxUsers ?? 0,
        maxGroups: s.MaxGroups ?? 0,
        maxPolicies: s.MaxPolicies ?? 0,
        sites: Object.fromEntries(
          Object.entries(s.Sites ?? {}).map(([id, p]) => [
            id,
            { endpoint: p.endpoint, name: p.name, deploymentID: p.deploymentID || id },
          ]),
        ),
        statsSummary: Object.fromEntries(
          Object.entries(s.StatsSummary ?? {}).map(([id, c]) => [id, counts(c)]),
        ),
        bucketStats: s.BucketStats ?? {},
        policyStats: s.PolicyStats ?? {},
        userStats: s.UserStats ?? {},
        groupStats: s.GroupStats ?? {},
      };
    },
  );
}
