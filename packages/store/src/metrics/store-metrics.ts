// SPDX-License-Identifier: Apache-2.0
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { UsageScanner } from '../core/usage.js';
import type { TraceBus, TraceEvent } from '../events/trace-events.js';
import type { ObjectLayer, StorageInfo } from '../object-layer/types.js';
import { inodes, type ProcessStats, readProcessStats } from './process-stats.js';

/** The metric groups of `/minio/v2/metrics/<group>`. */
export type MetricsGroup = 'cluster' | 'node' | 'bucket';

export interface StoreMetricsSources {
  layer: ObjectLayer;
  usage: UsageScanner;
  trace: TraceBus;
  startedAt: Date;
}

/** Figures read once per scrape (every gauge of that scrape shares them). */
interface Snapshot {
  storage: StorageInfo;
  process: ProcessStats;
  inodes: Map<string, { total: number; free: number } | null>;
}

const SNAPSHOT_TTL_MS = 1000;
const TTFB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10];

/**
 * The store's Prometheus metrics under MinIO's v2 names (`minio_s3_*`, `minio_cluster_*`, `minio_node_*`,
 * `minio_bucket_*`, `minio_heal_*`, `minio_usage_*`): request counters fed by the trace bus (every
 * finished request), heal counters by the layer's heal calls, and gauges read at scrape time from the
 * layer's storage info, the usage scanner and the process itself.
 */
export class StoreMetrics {
  readonly registries: Record<MetricsGroup, Registry> = {
    cluster: new Registry(),
    node: new Registry(),
    bucket: new Registry(),
  };
  #sources: StoreMetricsSources;
  #snapshot: { at: number; value: Promise<Snapshot> } | null = null;
  #lastHeal: number | null = null;
  #unsubscribe: () => void;

  readonly #requests: Counter<'api'>;
  readonly #errors: Counter<'api'>;
  readonly #errors4xx: Counter<'api'>;
  readonly #errors5xx: Counter<'api'>;
  readonly #received: Counter;
  readonly #sent: Counter;
  readonly #ttfb: Histogram<'api'>;
  readonly #bucketRequests: Counter<'bucket' | 'api'>;
  readonly #bucketReceived: Counter<'bucket'>;
  readonly #bucketSent: Counter<'bucket'>;
  readonly #healed: Counter;
  readonly #healScanned: Counter;
  readonly #healErrors: Counter;

  constructor(sources: StoreMetricsSources) {
    this.#sources = sources;
    const { cluster, node, bucket } = this.registries;
    const s3 = [cluster, node];
    const counter = <L extends string>(name: string, help: string, labelNames: L[], registers: Registry[]) =>
      new Counter<L>({ name, help, labelNames, registers });
    this.#requests = counter('minio_s3_requests_total', 'Total number of S3 requests', ['api'], s3);
    this.#errors = counter(
      'minio_s3_requests_errors_total',
      'Total number of S3 requests with (4xx and 5xx) errors',
      ['api'],
      s3,
    );
    this.#errors4xx = counter(
      'minio_s3_requests_4xx_errors_total',
      'Total number of S3 requests with (4xx) errors',
      ['api'],
      s3,
    );
    this.#errors5xx = counter(
      'minio_s3_requests_5xx_errors_total',
      'Total number of S3 requests with (5xx) errors',
      ['api'],
      s3,
    );
    this.#received = counter('minio_s3_traffic_received_bytes', 'Total number of s3 bytes received', [], s3);
    this.#sent = counter('minio_s3_traffic_sent_bytes', 'Total number of s3 bytes sent', [], s3);
    this.#ttfb = new Histogram({
      name: 'minio_s3_requests_ttfb_seconds_distribution',
      help: 'Distribution of the time to first byte across API calls',
      labelNames: ['api'],
      buckets: TTFB_BUCKETS,
      registers: s3,
    });
    this.#bucketRequests = counter(
      'minio_bucket_requests_total',
      'Total number of S3 requests on a bucket',
      ['bucket', 'api'],
      [bucket],
    );
    this.#bucketReceived = counter(
      'minio_bucket_traffic_received_bytes',
      'Total number of S3 bytes received for this bucket',
      ['bucket'],
      [bucket],
    );
    this.#bucketSent = counter(
      'minio_bucket_traffic_sent_bytes',
      'Total number of S3 bytes sent for this bucket',
      ['bucket'],
      [bucket],
    );
    this.#healed = counter(
      'minio_heal_objects_heal_total',
      'Objects healed in current self healing run',
      [],
      s3,
    );
    this.#healScanned = counter(
      'minio_heal_objects_total',
      'Objects scanned in current self healing run',
      [],
      s3,
    );
    this.#healErrors = counter(
      'minio_heal_objects_errors_total',
      'Objects for which healing failed in current self healing run',
      [],
      s3,
    );
    this.#clusterGauges();
    this.#nodeGauges();
    const onRequest = (e: TraceEvent): void => this.#observe(e);
    sources.trace.on('request', onRequest);
    this.#unsubscribe = () => sources.trace.off('request', onRequest);
    this.#instrumentHeal();
  }

  /** Labels every metric with the server (`host:port`), as MinIO does. */
  setServer(server: string): void {
    for (const r of Object.values(this.registries)) r.setDefaultLabels({ server });
  }

  /** The exposition text of one group. */
  async scrape(group: MetricsGroup): Promise<{ contentType: string; body: string }> {
    const r = this.registries[group];
    return { contentType: r.contentType, body: await r.metrics() };
  }

  close(): void {
    this.#unsubscribe();
  }

  #observe(e: TraceEvent): void {
    if (e.api !== 's3') return;
    const api = e.funcName.replace(/^s3\./, '');
    this.#requests.inc({ api });
    if (e.statusCode >= 400) {
      this.#errors.inc({ api });
      (e.statusCode >= 500 ? this.#errors5xx : this.#errors4xx).inc({ api });
    }
    this.#received.inc(e.inputBytes);
    this.#sent.inc(e.outputBytes);
    if (e.timeToFirstByteNs !== undefined) this.#ttfb.observe({ api }, e.timeToFirstByteNs / 1e9);
    if (e.bucket) {
      this.#bucketRequests.inc({ bucket: e.bucket, api });
      this.#bucketReceived.inc({ bucket: e.bucket }, e.inputBytes);
      this.#bucketSent.inc({ bucket: e.bucket }, e.outputBytes);
    }
  }

  /** Counts every heal the layer runs (admin heal and the scanner's background checks). */
  #instrumentHeal(): void {
    const layer = this.#sources.layer;
    const heal = layer.healObject?.bind(layer);
    if (!heal) return;
    layer.healObject = async (bucket, key, opts) => {
      this.#lastHeal = Date.now();
      this.#healScanned.inc();
      try {
        const r = await heal(bucket, key, opts);
        if (r.healedDrives.length > 0 || r.removedDangling) this.#healed.inc();
        if (r.unrecoverable > 0) this.#healErrors.inc();
        return r;
      } catch (err) {
        this.#healErrors.inc();
        throw err;
      }
    };
  }

  #snap(): Promise<Snapshot> {
    const now = Date.now();
    if (this.#snapshot && now - this.#snapshot.at < SNAPSHOT_TTL_MS) return this.#snapshot.value;
    const value = (async (): Promise<Snapshot> => {
      const [storage, proc] = await Promise.all([this.#sources.layer.storageInfo(), readProcessStats()]);
      const inodeEntries = await Promise.all(
        storage.drives.map(async (d) => [d.path, await inodes(d.path)] as const),
      );
      return { storage, process: proc, inodes: new Map(inodeEntries) };
    })();
    this.#snapshot = { at: now, value };
    value.catch(() => {
      this.#snapshot = null;
    });
    return value;
  }

  #gauge<L extends string = never>(
    groups: MetricsGroup[],
    name: string,
    help: string,
    collect: (g: Gauge<L>, s: Snapshot) => void,
    labelNames: L[] = [],
  ): void {
    const snap = (): Promise<Snapshot> => this.#snap();
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: groups.map((g) => this.registries[g]),
      async collect() {
        this.reset();
        collect(this, await snap());
      },
    });
  }

  #clusterGauges(): void {
    const c: MetricsGroup[] = ['cluster'];
    const usable = (s: Snapshot, pick: 'totalSpace' | 'availSpace'): number => {
      const { dataShards, parity } = s.storage;
      const raw = s.storage.drives.filter((d) => d.state === 'ok').reduce((n, d) => n + d[pick], 0);
      return Math.floor((raw * dataShards) / Math.max(1, dataShards + parity));
    };
    const online = (s: Snapshot): number => s.storage.drives.filter((d) => d.state === 'ok').length;
    this.#gauge(c, 'minio_cluster_capacity_raw_total_bytes', 'Total capacity online in the cluster', (g, s) =>
      g.set(s.storage.drives.filter((d) => d.state === 'ok').reduce((n, d) => n + d.totalSpace, 0)),
    );
    this.#gauge(
      c,
      'minio_cluster_capacity_raw_free_bytes',
      'Total free capacity online in the cluster',
      (g, s) => g.set(s.storage.drives.filter((d) => d.state === 'ok').reduce((n, d) => n + d.availSpace, 0)),
    );
    this.#gauge(
      c,
      'minio_cluster_capacity_usable_total_bytes',
      'Total usable capacity online in the cluster',
      (g, s) => g.set(usable(s, 'totalSpace')),
    );
    this.#gauge(
      c,
      'minio_cluster_capacity_usable_free_bytes',
      'Total free usable capacity online in the cluster',
      (g, s) => g.set(usable(s, 'availSpace')),
    );
    this.#gauge(c, 'minio_cluster_disk_online_total', 'Total drives online', (g, s) => g.set(online(s)));
    this.#gauge(c, 'minio_cluster_disk_offline_total', 'Total drives offline', (g, s) =>
      g.set(s.storage.drives.length - online(s)),
    );
    this.#gauge(c, 'minio_cluster_disk_total', 'Total drives', (g, s) => g.set(s.storage.drives.length));
    // One process serves the whole store: it is the one node, online while it answers.
    this.#gauge(c, 'minio_cluster_nodes_online_total', 'Total number of MinIO nodes online', (g) => g.set(1));
    this.#gauge(c, 'minio_cluster_nodes_offline_total', 'Total number of MinIO nodes offline', (g) =>
      g.set(0),
    );
    const usage = (): ReturnType<UsageScanner['snapshot']> => this.#sources.usage.snapshot();
    this.#gauge(c, 'minio_cluster_bucket_total', 'Total number of buckets in the cluster', (g) =>
      g.set(usage().buckets.size),
    );
    this.#gauge(c, 'minio_cluster_usage_object_total', 'Total number of objects in a cluster', (g) =>
      g.set([...usage().buckets.values()].reduce((n, b) => n + b.objectsCount, 0)),
    );
    this.#gauge(c, 'minio_cluster_usage_total_bytes', 'Total cluster usage in bytes', (g) =>
      g.set([...usage().buckets.values()].reduce((n, b) => n + b.size, 0)),
    );
    this.#gauge(
      c,
      'minio_cluster_objects_size_distribution',
      'Distribution of object sizes across a cluster',
      (g) => {
        const totals = new Map<string, number>();
        for (const b of usage().buckets.values())
          for (const [range, n] of Object.entries(b.histogram))
            totals.set(range, (totals.get(range) ?? 0) + n);
        for (const [range, n] of totals) g.set({ range }, n);
      },
      ['range'],
    );
    this.#gauge(
      ['cluster', 'bucket'],
      'minio_bucket_usage_total_bytes',
      'Total bucket size in bytes',
      (g) => {
        for (const [bucket, b] of usage().buckets) g.set({ bucket }, b.size);
      },
      ['bucket'],
    );
    this.#gauge(
      ['cluster', 'bucket'],
      'minio_bucket_usage_object_total',
      'Total number of objects',
      (g) => {
        for (const [bucket, b] of usage().buckets) g.set({ bucket }, b.objectsCount);
      },
      ['bucket'],
    );
    this.#gauge(
      ['cluster', 'bucket'],
      'minio_bucket_objects_size_distribution',
      'Distribution of object sizes in the bucket',
      (g) => {
        for (const [bucket, b] of usage().buckets)
          for (const [range, n] of Object.entries(b.histogram)) g.set({ bucket, range }, n);
      },
      ['bucket', 'range'],
    );
    this.#gauge(
      c,
      'minio_usage_last_activity_nano_seconds',
      'Time elapsed (in nano seconds) since last scan activity',
      (g) => {
        const last = usage().lastUpdate;
        if (last) g.set((Date.now() - last.getTime()) * 1e6);
      },
    );
    this.#gauge(
      c,
      'minio_heal_time_last_activity_nano_seconds',
      'Time elapsed (in nano seconds) since last self healing activity',
      (g) => {
        if (this.#lastHeal !== null) g.set((Date.now() - this.#lastHeal) * 1e6);
      },
    );
  }

  #nodeGauges(): void {
    // As in MinIO, the cluster group carries every node's figures too (labelled by server).
    const n: MetricsGroup[] = ['cluster', 'node'];
    const perDisk = (
      name: string,
      help: string,
      value: (s: Snapshot, path: string) => number | undefined,
    ): void =>
      this.#gauge(
        n,
        name,
        help,
        (g, s) => {
          for (const d of s.storage.drives) {
            const v = value(s, d.path);
            if (v !== undefined) g.set({ disk: d.path }, v);
          }
        },
        ['disk'],
      );
    const drive = (s: Snapshot, path: string) => s.storage.drives.find((d) => d.path === path);
    perDisk('minio_node_disk_used_bytes', 'Total storage used on a drive', (s, p) => drive(s, p)?.usedSpace);
    perDisk(
      'minio_node_disk_free_bytes',
      'Total storage available on a drive',
      (s, p) => drive(s, p)?.availSpace,
    );
    perDisk('minio_node_disk_total_bytes', 'Total storage on a drive', (s, p) => drive(s, p)?.totalSpace);
    perDisk('minio_node_disk_free_inodes', 'Total free inodes', (s, p) => s.inodes.get(p)?.free);
    perDisk('minio_node_disk_total_inodes', 'Total inodes', (s, p) => s.inodes.get(p)?.total);
    perDisk('minio_node_disk_used_inodes', 'Total inodes used', (s, p) => {
      const i = s.inodes.get(p);
      return i ? i.total - i.free : undefined;
    });
    const started = this.#sources.startedAt.getTime();
    const proc = (name: string, help: string, value: (p: ProcessStats) => number | null | undefined): void =>
      this.#gauge(n, name, help, (g, s) => {
        const v = value(s.process);
        if (v !== null && v !== undefined) g.set(v);
      });
    proc(
      'minio_node_process_starttime_seconds',
      'Start time for MinIO process per node, time in seconds since Unix epoc',
      () => started / 1000,
    );
    proc(
      'minio_node_process_uptime_seconds',
      'Uptime for MinIO process per node in seconds',
      () => (Date.now() - started) / 1000,
    );
    proc(
      'minio_node_process_cpu_total_seconds',
      'Total user and system CPU time spent in seconds',
      (p) => p.cpuSeconds,
    );
    proc('minio_node_process_resident_memory_bytes', 'Resident memory size in bytes', (p) => p.residentBytes);
    proc('minio_node_process_virtual_memory_bytes', 'Virtual memory size in bytes', (p) => p.virtualBytes);
    proc(
      'minio_node_file_descriptor_open_total',
      'Total number of open file descriptors by the MinIO Server process',
      (p) => p.openFds,
    );
    proc(
      'minio_node_file_descriptor_limit_total',
      'Limit on total number of open file descriptors for the MinIO Server process',
      (p) => p.fdLimit,
    );
    proc('minio_node_syscall_read_total', 'Total read SysCalls to the kernel', (p) => p.io?.syscr);
    proc('minio_node_syscall_write_total', 'Total write SysCalls to the kernel', (p) => p.io?.syscw);
    proc(
      'minio_node_io_rchar_bytes',
      'Total bytes read by the process from the underlying storage system including cache',
      (p) => p.io?.rchar,
    );
    proc(
      'minio_node_io_wchar_bytes',
      'Total bytes written by the process to the underlying storage system including page cache',
      (p) => p.io?.wchar,
    );
    proc(
      'minio_node_io_read_bytes',
      'Total bytes read by the process from the underlying storage system',
      (p) => p.io?.read_bytes,
    );
    proc(
      'minio_node_io_write_bytes',
      'Total bytes written by the process to the underlying storage system',
      (p) => p.io?.write_bytes,
    );
    // Node has no goroutines: the nearest figure is the event loop's active handles and requests.
    proc(
      'minio_node_go_routine_total',
      'Total number of concurrent tasks (active handles and requests of the event loop)',
      () => process.getActiveResourcesInfo().length,
    );
  }
}
