// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { subscribeAppliers } from './appliers.js';
import { type BackgroundServices, startBackgroundServices } from './background/services.js';
import { startStaleUploadCleanup } from './background/stale-uploads.js';
import { ALL_SETS, effectiveRegion, StoreConfigService } from './config/index.js';
import type { StoreContext } from './core/context.js';
import type { StoreOptions } from './core/options.js';
import { createObjectEventBus } from './events/object-events.js';
import { createTraceBus } from './events/trace-events.js';
import { RequestAdmission } from './http/admission.js';
import { followIdentityTls } from './http/client-certificates.js';
import { CorsPolicy } from './http/cors.js';
import { createRequestListener, type EdgeSettings, type InFlight } from './http/dispatch.js';
import { continueWhenRead } from './http/expect-continue.js';
import { openIam } from './iam/index.js';
import { openKms } from './kms/index.js';
import { StoreLog } from './log/store-log.js';
import type { LocalReceiver, LocalReceiverOptions } from './logging/local-receivers.js';
import { LogWebhooks } from './logging/webhooks.js';
import { StoreMetrics } from './metrics/store-metrics.js';
import { NotificationSystem } from './notify/notification-system.js';
import { type ObjectLayerOptions, openObjectLayer, openPools } from './object-layer/index.js';
import { applyHeapGrowth } from './perf/heap-growth.js';
import { registerReplicationMetrics } from './replication/prometheus.js';
import { ReplicationService } from './replication/service.js';
import { unsealer } from './s3/sse/seal.js';
import { SiteReplicationService } from './site-replication/service.js';
import { TierService } from './tiers/tier-service.js';

/**
 * The store's process-level entry: opens the drives, builds IAM and the background services, and
 * serves S3, STS and the admin API on one HTTP(S) port (dispatch: ./http/dispatch.ts). Its options
 * type lives in ./core/options.ts.
 */

export interface StoreHandle {
  /** e.g. http://127.0.0.1:9000 */
  url: string;
  port: number;
  /**
   * Serves a logger or audit webhook endpoint in this process: targets whose `endpoint` and
   * `auth_token` are these hand their batches to `receiver` instead of POSTing them, behind the same
   * durable queue (the console embedding the store takes its audit records so); a receiver registered
   * `durable` (it keeps records durably before it resolves) takes them without the queue while nothing
   * waits there. Returns how to stop.
   */
  receiveWebhook(
    endpoint: string,
    authToken: string,
    receiver: LocalReceiver,
    opts?: LocalReceiverOptions,
  ): () => void;
  close(): Promise<void>;
}

/** Default time close() lets in-flight requests finish before cutting connections. */
const DRAIN_MS = 5000;

const DEPLOYMENT_ID_PATH = 'config/deployment-id';

async function deploymentId(system: StoreContext['layer']['system']): Promise<string> {
  const existing = await system.read(DEPLOYMENT_ID_PATH);
  if (existing && existing.length > 0) return existing.toString('utf8').trim();
  const id = randomUUID();
  await system.write(DEPLOYMENT_ID_PATH, Buffer.from(id));
  return id;
}

/**
 * Opens the object layer and IAM, then listens. Port 0 picks a free port (`url`/`port` report the
 * real one). `close()` stops accepting, lets requests in flight finish (briefly), then closes the
 * layer; the layer's atomic commits mean a request cut short leaves no partial object.
 */
export async function startStore(opts: StoreOptions): Promise<StoreHandle> {
  // Before anything is opened: an invalid STOWAGE_HEAP_GROWING_PERCENT stops the start with its message.
  applyHeapGrowth(opts.env ?? process.env);
  const log = new StoreLog();
  const common: Omit<ObjectLayerOptions, 'drives'> = {
    dataDir: opts.dataDir,
    onBackgroundError: (err) => log.error('A background task failed', { err }),
    onDriveStateChange: (drive, from) =>
      drive.state === 'ok'
        ? log.info(`Drive ${drive.index + 1} (${drive.path}) is back online (it was ${from})`)
        : log.error(
            `Drive ${drive.index + 1} (${drive.path}) is ${drive.state}: its folder is missing or not writable`,
          ),
  };
  // Server pools (the server command's argument groups), else one set of dataDir/drive1..N.
  const layer = opts.pools
    ? await openPools(opts.pools, common)
    : await openObjectLayer({ ...common, drives: opts.drives });
  // Abort multipart uploads left unfinished (the api set: 24 h by default, checked every 6 h).
  const stopStaleUploads = startStaleUploadCleanup(layer);
  let server: http.Server | https.Server | undefined;
  let services: BackgroundServices | undefined;
  let webhooks: LogWebhooks | undefined;
  let notifications: NotificationSystem | undefined;
  let replication: ReplicationService | undefined;
  let siteReplication: SiteReplicationService | undefined;
  let unsubscribeAppliers = (): void => undefined;
  try {
    // Configuration first: every other service reads its settings from it.
    const config = await StoreConfigService.open({
      system: layer.system,
      log,
      sets: opts.configSets ?? ALL_SETS,
      store: { drives: layer.setDriveCount, parity: layer.parityShards },
      ...(opts.env ? { env: opts.env } : {}),
    });
    const iam = await openIam(
      layer.system,
      { accessKey: opts.rootUser, secretKey: opts.rootPassword },
      {
        bucketPolicies: async (bucket) => {
          try {
            return await layer.getBucketConfig(bucket, 'policy');
          } catch {
            return null;
          }
        },
      },
    );
    const host = opts.host ?? '127.0.0.1';
    const domains = [...new Set(['localhost', ...(opts.domains ?? [])].map((d) => d.toLowerCase()))];
    const shutdown = new AbortController();
    const id = await deploymentId(layer.system);
    const kms = await openKms(layer.system, opts.env ?? process.env);
    const events = createObjectEventBus();
    // Usage scanner (bucket quotas, admin usage figures) and STS session expiry.
    // Remote tiers (lifecycle transition targets), read from the system store.
    const tiers = await TierService.open(layer, opts.clock);
    const background = startBackgroundServices({
      layer,
      iam,
      events,
      tiers,
      ...(opts.clock ? { clock: opts.clock } : {}),
    });
    services = background;
    const trace = createTraceBus();
    // Logger and audit webhooks follow their config sets (targets open before the first request).
    webhooks = new LogWebhooks({ config, log, trace, deploymentId: id, dataDir: opts.dataDir });
    webhooks.start();
    // Bucket notification targets follow the notify_* sets (opened now and on each service restart).
    const notify = new NotificationSystem({
      config,
      log,
      layer,
      dataDir: opts.dataDir,
      region: () => effectiveRegion(config, opts.region),
    });
    notifications = notify;
    notify.start();
    // Bucket replication: queues of remote targets open (and resume) before the first request.
    const selfHost = { value: '' };
    replication = new ReplicationService({
      layer,
      log,
      dataDir: opts.dataDir,
      region: () => effectiveRegion(config, opts.region),
      selfHost: () => selfHost.value,
      // Called only once requests flow, when `ctx` (below) exists.
      unseal: (bucket, key) => unsealer(ctx, bucket, key, null),
      ...(opts.replicationRetryMs
        ? { retryMinMs: opts.replicationRetryMs, retryMaxMs: opts.replicationRetryMs * 4 }
        : {}),
    });
    const repl = replication;
    // Site replication: the sites and the peer queues (resumed: what waited for an offline peer goes on).
    siteReplication = await SiteReplicationService.open({
      layer,
      iam,
      replication: repl,
      deploymentId: id,
      dataDir: opts.dataDir,
      log,
      region: () => effectiveRegion(config, opts.region),
      ...(opts.replicationRetryMs ? { retryMs: opts.replicationRetryMs } : {}),
    });
    const sites = siteReplication;
    const ctx: StoreContext = {
      layer,
      iam,
      options: opts,
      startedAt: new Date(),
      get region() {
        return effectiveRegion(config, opts.region);
      },
      config,
      url: '',
      deploymentId: id,
      domains,
      usage: background.scanner,
      trace,
      webhooks,
      events,
      log,
      shutdown: shutdown.signal,
      onServiceAction: opts.onServiceAction ?? null,
      notify,
      replication: repl,
      siteReplication,
      kms,
      tiers,
      ilm: background.lifecycle,
    };
    const hooks = webhooks;
    const inFlight: InFlight = { count: 0, idle: [], handlers: new Set() };
    // Prometheus metrics: request counters from the trace bus, gauges read at scrape time.
    const metrics = new StoreMetrics({ layer, usage: background.scanner, trace, startedAt: ctx.startedAt });
    registerReplicationMetrics(metrics.registries.bucket, repl.stats);
    const edge: EdgeSettings = { admission: new RequestAdmission(), cors: new CorsPolicy(), metrics };
    // The api, scanner and heal sets take effect now and on every saved change.
    unsubscribeAppliers = subscribeAppliers({
      config,
      edge,
      background,
      layer,
      staleUploads: stopStaleUploads,
      iam,
      log,
    });
    // Every subsystem's configuration is applied (webhook targets open) before the first request is served.
    await config.settled();
    const listener = createRequestListener(ctx, inFlight, edge);
    server = opts.tls
      ? https.createServer({ cert: opts.tls.cert, key: opts.tls.key }, listener)
      : http.createServer(listener);
    // identity_tls: the listener asks for client certificates while it is enabled.
    const stopTlsIdentity =
      server instanceof https.Server && opts.tls
        ? followIdentityTls(server, config, opts.tls)
        : () => undefined;
    server.on('checkContinue', continueWhenRead(listener));
    // Large uploads may take longer than Node's default 5-minute request timeout.
    server.requestTimeout = 0;
    server.headersTimeout = 60_000;
    server.keepAliveTimeout = 5_000;
    const s = server;
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(opts.port, host, () => {
        s.off('error', reject);
        resolve();
      });
    });
    const port = (s.address() as AddressInfo).port;
    const urlHost =
      host === '0.0.0.0' || host === '::' || host === ''
        ? '127.0.0.1'
        : host.includes(':')
          ? `[${host}]`
          : host;
    const url = `${opts.tls ? 'https' : 'http'}://${urlHost}:${port}`;
    ctx.url = url;
    selfHost.value = new URL(url).host;
    await repl.start();
    log.node = new URL(url).host;
    log.deploymentId = ctx.deploymentId;
    metrics.setServer(new URL(url).host);

    let closing: Promise<void> | undefined;
    const close = (): Promise<void> => {
      closing ??= (async () => {
        shutdown.abort();
        const stopped = new Promise<void>((resolve) => s.close(() => resolve()));
        s.closeIdleConnections();
        if (inFlight.count > 0) {
          await Promise.race([
            new Promise<void>((resolve) => inFlight.idle.push(resolve)),
            new Promise<void>((resolve) => setTimeout(resolve, opts.shutdownGraceMs ?? DRAIN_MS).unref()),
          ]);
        }
        s.closeAllConnections();
        await stopped;
        // Handlers of cut requests are discarding their writes; let them finish before the layer closes.
        if (inFlight.handlers.size > 0) {
          await Promise.race([
            Promise.allSettled([...inFlight.handlers]),
            new Promise<void>((resolve) => setTimeout(resolve, 2000).unref()),
          ]);
        }
        unsubscribeAppliers();
        stopTlsIdentity();
        metrics.close();
        await background.stop();
        // Batches in flight finish; undelivered records stay queued on disk for the next start.
        await hooks.close();
        await notify.close();
        await sites.close();
        await repl.close();
        stopStaleUploads();
        await layer.close();
      })();
      return closing;
    };
    return {
      url,
      port,
      receiveWebhook: (endpoint, authToken, receiver, opts) =>
        hooks.receiveLocally(endpoint, authToken, receiver, opts),
      close,
    };
  } catch (err) {
    server?.close();
    unsubscribeAppliers();
    await services?.stop();
    await webhooks?.close();
    await notifications?.close();
    await siteReplication?.close();
    await replication?.close();
    stopStaleUploads();
    await layer.close();
    throw err;
  }
}
