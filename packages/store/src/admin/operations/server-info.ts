import type { InfoMessage } from '@stowage/madmin';
import type { StoreContext } from '../../core/context.js';
import type { TargetStatus } from '../../logging/webhook-target.js';
import { disksJson, serverEndpoint } from '../backend-info.js';
import type { AdminOperation } from '../call.js';

/** Version string reported in server info (the store's package version). */
export const STORE_VERSION = '0.1.0';

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
    services: webhookServices(ctx.webhooks.statuses()),
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
        version: STORE_VERSION,
        commitID: 'stowage',
        network: { [endpoint]: 'online' },
        drives: disksJson(info),
        poolNumber: 1,
      },
    ],
  } satisfies InfoMessage;
}
