// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type SiteReplicationResyncResponse,
  siteReplicationResyncRequestSchema,
  siteReplicationResyncResponseSchema,
} from '@stowage/contracts';
import { ApiHttpError } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { siteReplicationErrorResponses } from './site-replication-errors.js';

/**
 * POST /api/v1/admin/site-replication/resync: start (or cancel) sending every bucket's objects to one
 * peer again (madmin SiteReplicationResyncOp, `mc admin replicate resync start|cancel`). MinIO Console
 * has no such call; the body names the peer by deployment id and the answer is madmin's SRResyncOpStatus.
 * The peer is looked up in the set first, so its name and endpoint are the server's own.
 */
export function registerResyncSiteReplication(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.siteReplicationResync,
    {
      schema: {
        tags: ['site-replication'],
        summary: 'Start or cancel the resync of a peer site',
        body: siteReplicationResyncRequestSchema,
        response: { 200: siteReplicationResyncResponseSchema, ...siteReplicationErrorResponses },
      },
    },
    async (request): Promise<SiteReplicationResyncResponse> => {
      const { deploymentID, operation } = request.body;
      const admin = request.session.admin;
      const info = await admin.siteReplicationInfo();
      const site = (info.sites ?? []).find((s) => s.deploymentID === deploymentID);
      if (!info.enabled || !site) {
        throw new ApiHttpError(
          404,
          'Site not found',
          info.enabled
            ? `No site of the replication set has the deployment id ${deploymentID}.`
            : 'Site replication is not configured on this server.',
        );
      }
      const answer = await admin.siteReplicationResyncOp(
        { endpoint: site.endpoint, name: site.name, deploymentID: site.deploymentID },
        operation,
      );
      if (answer.errorDetail?.trim()) {
        throw new ApiHttpError(
          502,
          answer.status || `Could not ${operation} the resync of ${site.name}`,
          answer.errorDetail,
        );
      }
      return {
        op: answer.op,
        id: answer.id,
        status: answer.status,
        buckets: (answer.buckets ?? []).map((b) => ({
          bucket: b.bucket,
          status: b.status,
          ...(b.errorDetail ? { errorDetail: b.errorDetail } : {}),
        })),
      };
    },
  );
}
