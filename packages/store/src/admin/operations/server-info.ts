// SPDX-License-Identifier: Apache-2.0
import type { InfoMessage } from '@stowage/madmin';
import type { StoreContext } from '../../core/context.js';
import type { TargetStatus } from '../../logging/webhook-target.js';
import type { StorageInfo } from '../../object-layer/types.js';
import { STOWAGE_VERSION } from '../../version.js';
import { disksJson, poolDriveCounts, serverEndpoint } from '../backend-info.js';
import type { AdminCall, AdminOperation } from '../call.js';

/**
 * `services.logger` / `services.audit` as MinIO fills them: one `{ "<target name>": { status } }` per
 * enabled webhook target (names `logger-<target>`, `audit-<target>`, `_` for the default target).
 */
function webhookServices(statuses: TargetStatus[]): InfoMessage['services'] {
  const entry = (t: TargetStatus) => ({ [t.name]: { status: t.online ? 'online' : 'offline' } });
  const logger = statuses.filter((t) => t.subSys === 'logger_webhook').map(entry);
  const audit = statuses.filter((t) => t.subSys === 'audit_webhook').map(entry);
  return { ...(logger.length > 0 ? { logger } : {}), ...(audit.length > 0 ? { audit } : {}) };
}

/**
 * `services.notifications` as MinIO fills it: one `{ "<type>": [{ "<id>": { status } }, …] }` per target
 * type with enabled targets (`webhook`, `postgresql`, …).
 */
function notificationServices(ctx: AdminCall['ctx']): InfoMessage['services'] {
  const byType = new Map<string, Array<Record<string, { status: string }>>>();
  for (const t of ctx.notify?.statuses() ?? []) {
    const list = byType.get(t.service) ?? [];
    list.push({ [t.accountId]: { status: t.status } });
    byType.set(t.service, list);
  }
  return byType.size > 0 ? { notifications: [...byType].map(([type, list]) => ({ [type]: list })) } : {};
}

/**
 * MinIO's `pools` map of `/info`: pool index → set index → ErasureSetInfo, with each set's raw usage
 * and capacity from its drives. The object counts come from the usage scanner, which counts the
 * namespace as a whole: they are given with one pool, and 0 per pool with several.
 */
function poolsInfo(
  info: StorageInfo,
  totals: { objects: number; versions: number; size: number },
): NonNullable<InfoMessage['pools']> {
  const counts = poolDriveCounts(info);
  const out: NonNullable<InfoMessage['pools']> = {};
  counts.forEach((_, pool) => {
    const drives = info.drives.filter((d) => (d.pool ?? 0) === pool);
    const one = counts.length === 1;
    out[String(pool)] = {
      '0': {
        id: 0,
        rawUsage: drives.reduce((n, d) => n + d.usedSpace, 0),
        rawCapacity: drives.reduce((n, d) => n + d.totalSpace, 0),
        usage: one ? totals.size : 0,
        objectsCount: one ? totals.objects : 0,
        versionsCount: one ? totals.versions : 0,
        deleteMarkersCount: 0,
        healDisks: 0,
      },
    };
  });
  return out;
}

/**
 * Admin API: ServerInfo — `GET /info` → InfoMessage: mode, region, deployment id, counts from the
 * scanner, backend (Erasure with ≥ 4 drives, FS otherwise) and this one server with its drives.
 */
export const serverInfo: AdminOperation = async (call) => call.ok(await serverInfoMessage(call.ctx));

/** The store's InfoMessage (admin `info`, and the health report's `minio.info`). */
export async function serverInfoMessage(ctx: StoreContext): Promise<InfoMessage> {
  const info = await ctx.layer.storageInfo();
  const usage = await ctx.usage.refresh();
  let objects = 0;
  let versions = 0;
  let size = 0;
  for (const u of usage.buckets.values()) {
    objects += u.objectsCount;
    versions += u.versionsCount;
    size += u.size;
  }
  const buckets = await ctx.layer.listBuckets();
  const online = info.drives.filter((d) => d.state === 'ok').length;
  const endpoint = serverEndpoint(ctx);
  return {
    mode: 'online',
    domain: ctx.domains,
    region: ctx.region,
    deploymentID: ctx.deploymentId,
    buckets: { count: buckets.length },
    objects: { count: objects },
    versions: { count: versions },
    usage: { size },
    services: { ...webhookServices(ctx.webhooks.statuses()), ...notificationServices(ctx) },
    backend: info.erasure
      ? {
          backendType: 'Erasure',
          onlineDisks: online,
          offlineDisks: info.drives.length - online,
          standardSCParity: info.parity,
          rrSCParity: info.parity,
        }
      : { backendType: 'FS' },
    servers: [
      {
        state: 'online',
        endpoint,
        scheme: ctx.options.tls ? 'https' : 'http',
        uptime: Math.floor((Date.now() - ctx.startedAt.getTime()) / 1000),
        version: STOWAGE_VERSION,
        commitID: 'stowage',
        network: { [endpoint]: 'online' },
        drives: disksJson(info),
        poolNumber: 1,
        poolNumbers: poolDriveCounts(info).map((_, i) => i + 1),
      },
    ],
    pools: poolsInfo(info, { objects, versions, size }),
  } satisfies InfoMessage;
}
