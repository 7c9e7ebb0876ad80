// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerAddSiteReplication } from './add-site-replication.js';
import { registerEditSiteReplication } from './edit-site-replication.js';
import { registerGetSiteReplicationInfo } from './get-site-replication-info.js';
import { registerGetSiteReplicationStatus } from './get-site-replication-status.js';
import { registerRemoveSiteReplication } from './remove-site-replication.js';
import { registerResyncSiteReplication } from './resync-site-replication.js';

/** Site replication routes (issue 34): Settings → Site Replication. */
export function registerSiteReplicationRoutes(app: ZodApp, ctx: RouteContext): void {
  registerGetSiteReplicationInfo(app, ctx);
  registerAddSiteReplication(app, ctx);
  registerEditSiteReplication(app, ctx);
  registerRemoveSiteReplication(app, ctx);
  registerGetSiteReplicationStatus(app, ctx);
  registerResyncSiteReplication(app, ctx);
}
