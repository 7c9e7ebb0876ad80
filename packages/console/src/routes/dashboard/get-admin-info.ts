// SPDX-License-Identifier: Apache-2.0
import {
  type AdminInfoResponse,
  adminInfoResponseSchema,
  apiErrorSchema,
  apiPaths,
  type DashboardDrive,
  type DashboardServer,
} from '@stowage/contracts';
import type { Disk, InfoMessage, ServerProperties } from '@stowage/madmin';
import type { RouteContext, ZodApp } from '../route-context.js';
import { WIDGETS, widgetSummary } from './widgets.js';

const online = (state: string | undefined): 'online' | 'offline' =>
  state === 'online' ? 'online' : 'offline';

function driveView(d: Disk): DashboardDrive {
  return {
    endpoint: d.endpoint ?? d.path ?? '',
    state: d.state === 'ok' ? 'ok' : 'offline',
    uuid: d.uuid ?? '',
    totalSpace: d.totalspace ?? 0,
    usedSpace: d.usedspace ?? 0,
    availableSpace: d.availspace ?? 0,
    pool: d.pool_index ?? 0,
    set: d.set_index ?? 0,
  };
}

function serverView(s: ServerProperties): DashboardServer {
  return {
    endpoint: s.endpoint ?? '',
    state: online(s.state),
    uptime: s.uptime ?? 0,
    version: s.version ?? '',
    network: Object.fromEntries(Object.entries(s.network ?? {}).map(([peer, st]) => [peer, online(st)])),
    drives: (s.drives ?? []).map(driveView),
  };
}

/** The dashboard's usage summary from madmin ServerInfo (PROTOCOL-NOTES §2 `GET /info`). */
export function adminInfoView(info: InfoMessage): AdminInfoResponse {
  return {
    buckets: info.buckets?.count ?? 0,
    objects: info.objects?.count ?? 0,
    usage: info.usage?.size ?? 0,
    servers: (info.servers ?? []).map(serverView),
  };
}

/**
 * GET /api/v1/admin/info (spec 2 §7): buckets, objects, usage and the servers with their drives; with a
 * Prometheus server (CONSOLE_PROMETHEUS_URL) also the predefined widgets, whose data comes per widget.
 */
export function registerGetAdminInfo(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.adminInfo,
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Usage summary: counts, usage, servers and drives',
        response: { 200: adminInfoResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request): Promise<AdminInfoResponse> => {
      const view = adminInfoView(await request.session.admin.serverInfo());
      return ctx.options.prometheus ? { ...view, widgets: WIDGETS.map(widgetSummary) } : view;
    },
  );
}
