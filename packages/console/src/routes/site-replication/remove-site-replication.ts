// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type SiteReplicationRemoveResponse,
  siteReplicationRemoveRequestSchema,
  siteReplicationRemoveResponseSchema,
} from '@stowage/contracts';
import { ApiHttpError } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { siteReplicationErrorResponses } from './site-replication-errors.js';

/** madmin ReplicateRemoveStatusPartial: some sites kept the configuration. */
const PARTIAL = 'Some site(s) could not be removed from cluster replication configuration.';

/**
 * DELETE /api/v1/admin/site-replication (MinIO Console's SiteReplicationRemove): the named sites leave
 * the set (or `all` ends it); the others keep replicating (madmin SiteReplicationRemove).
 */
export function registerRemoveSiteReplication(app: ZodApp, _ctx: RouteContext): void {
  app.delete(
    apiPaths.siteReplication,
    {
      schema: {
        tags: ['site-replication'],
        summary: 'Remove sites from site replication',
        body: siteReplicationRemoveRequestSchema,
        response: { 200: siteReplicationRemoveResponseSchema, ...siteReplicationErrorResponses },
      },
    },
    async (request): Promise<SiteReplicationRemoveResponse> => {
      const { all, sites } = request.body;
      const answer = await request.session.admin.siteReplicationRemove({ sites, all: all ?? false });
      if (answer.status === PARTIAL || (answer.errorDetail && answer.errorDetail.trim() !== '')) {
        throw new ApiHttpError(
          502,
          answer.status || 'Could not remove the sites',
          answer.errorDetail || PARTIAL,
        );
      }
      return { status: answer.status, ...(answer.errorDetail ? { errorDetail: answer.errorDetail } : {}) };
    },
  );
}
