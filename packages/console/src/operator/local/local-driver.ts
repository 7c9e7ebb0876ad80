// SPDX-License-Identifier: Apache-2.0
import { rm } from 'node:fs/promises';
import os from 'node:os';
import type {
  CreateTenantRequest,
  CreateTenantResponse,
  DriveInfo,
  FormatDrivesResponse,
  PodEvent,
  Pvc,
  ResourceQuota,
  TenantDetail,
  TenantListItem,
  TenantPod,
  TenantPool,
  TenantSecurityResponse,
  UpdateTenantSecurityRequest,
} from '@stowage/contracts';
import { STORAGE_CLASS_QUOTA_SUFFIX, storageQuotaName } from '@stowage/contracts';
import type { SecretTools } from '../../config/secrets.js';
import { OperatorError, type StorageClassInfo, type TenantAccess, type TenantDriver } from '../driver.js';
import { maxAllocatableMemory } from '../sizing.js';
import { OperatorCa } from './certs.js';
import { formatRoots, storageRoots } from './drives.js';
import {
  EventLog,
  OperatorLayout,
  readJson,
  type StoredPool,
  subfolders,
  type TenantRecord,
  tail,
  writeJson,
} from './files.js';
import { podName, podStatus, totalSize, volumeClaims } from './pods.js';
import { applySecurity, securityView } from './security.js';
import { checkClassRoom, classBytes, resolveClasses, type StorageClassSpec } from './storage-classes.js';
import { TenantSupervisor } from './supervisor.js';
import { readTenantFigures, tenantAdmin, unknownStatus } from './tenant-health.js';
import {
  buildLaunch,
  freePort,
  poolDrives,
  processMarker,
  type ServerCommand,
  tenantVolumesDir,
  tlsActive,
} from './tenant-launch.js';
import { identityEnv, parityEnv, refuseExternalKms, toStoredPool } from './tenant-spec.js';
import { readTenantYaml, tenantToYaml } from './tenant-yaml.js';

export interface LocalDriverOptions {
  /** The operator's folder (namespaces, tenants, CA). */
  root: string;
  classes: StorageClassSpec[];
  server: ServerCommand;
  /** The store version shown as the tenants' image. */
  image: string;
  /** The console's own URL base for `endpoints.console` (the proxy path is appended). */
  consoleUrl?: string;
  /** The store's key generation and atomic write (main.ts hands them in; the console may not import the store). */
  tools: SecretTools;
  /** Smallest volume accepted (default 1Gi, spec 3 §9); tests use small volumes to fill them up. */
  minVolumeSize?: number;
}

interface Live {
  record: TenantRecord;
  supervisor: TenantSupervisor;
  events: EventLog;
}

const key = (ns: string, name: string): string => `${ns}/${name}`;

/**
 * The local tenant driver (issue 33): every tenant is a store server process on this machine, started
 * and supervised by the console, its pools sized drive folders in a storage class root. See driver.ts.
 */
export class LocalTenantDriver implements TenantDriver {
  readonly kind = 'local';
  readonly #layout: OperatorLayout;
  readonly #ca: OperatorCa;
  readonly #tenants = new Map<string, Live>();
  readonly #locks = new Map<string, Promise<unknown>>();

  constructor(private readonly options: LocalDriverOptions) {
    this.#layout = new OperatorLayout(options.root);
    this.#ca = new OperatorCa(this.#layout.caDir());
  }

  /** Finds the tenants on disk, adopts running processes and starts the others. */
  async start(): Promise<void> {
    for (const ns of await subfolders(this.#layout.namespacesDir())) {
      for (const name of await subfolders(this.#layout.tenantsDir(ns))) {
        const record = await readJson<TenantRecord>(`${this.#layout.tenantDir(ns, name)}/tenant.json`);
        if (record === null) continue;
        const live = await this.#supervise(record);
        if (record.pendingUsers.length > 0) {
          void live.supervisor
            .waitRunning()
            .then(() => this.#locked(key(ns, name), () => this.#createPendingUsers(live)))
            .catch(() => undefined);
        }
      }
    }
  }

  async close(): Promise<void> {
    for (const t of this.#tenants.values()) t.supervisor.close();
  }

  /** Stops every tenant process (tests' teardown; the console itself leaves them running). */
  async stopAll(): Promise<void> {
    await Promise.all([...this.#tenants.values()].map((t) => t.supervisor.stop()));
  }

  // Namespaces, classes, quotas.

  async listNamespaces(): Promise<string[]> {
    return subfolders(this.#layout.namespacesDir());
  }

  async createNamespace(name: string): Promise<void> {
    if ((await this.listNamespaces()).includes(name)) {
      throw new OperatorError(409, `Namespace ${name} already exists`);
    }
    await writeJson(this.options.tools, `${this.#layout.namespaceDir(name)}/namespace.json`, {
      name,
      createdAt: new Date().toISOString(),
    });
  }

  async storageClasses(): Promise<StorageClassInfo[]> {
    return resolveClasses(this.options.classes, (cls) => this.#allocated(cls));
  }

  async resourceQuota(namespace: string): Promise<ResourceQuota> {
    await this.#namespace(namespace);
    const classes = await this.storageClasses();
    return {
      name: storageQuotaName(namespace),
      elements: classes.map((c) => ({
        name: `${c.name}${STORAGE_CLASS_QUOTA_SUFFIX}`,
        hard: c.capacity,
        used: this.#allocated(c.name),
      })),
    };
  }

  // Tenants.

  async listTenants(namespace?: string): Promise<TenantListItem[]> {
    if (namespace !== undefined) await this.#namespace(namespace);
    const live = [...this.#tenants.values()].filter(
      (t) => namespace === undefined || t.record.namespace === namespace,
    );
    return Promise.all(
      live.map(async ({ record: t, supervisor }) => {
        const figures = await this.#figures(t, supervisor.state.state);
        return {
          name: t.name,
          namespace: t.namespace,
          pool_count: t.pools.length,
          instance_count: t.pools.reduce((s, p) => s + p.servers, 0),
          volume_count: t.pools.reduce((s, p) => s + poolDrives(p), 0),
          total_size: totalSize(t),
          creation_date: t.createdAt,
          currentState: supervisor.state.state,
          health_status: figures?.status.health_status ?? '',
          ...(figures
            ? {
                capacity_raw: figures.status.usage?.raw ?? 0,
                capacity_raw_usage: figures.status.usage?.raw_usage ?? 0,
                capacity: figures.status.usage?.capacity ?? 0,
                capacity_usage: figures.used,
              }
            : {}),
        };
      }),
    );
  }

  async createTenant(req: CreateTenantRequest): Promise<CreateTenantResponse> {
    return this.#locked(key(req.namespace, ''), async () => {
      const namespaces = await this.listNamespaces();
      if (!namespaces.includes(req.namespace)) {
        throw new OperatorError(
          400,
          'Please enter a valid namespace',
          `Namespace ${req.namespace} does not exist`,
        );
      }
      if ([...this.#tenants.values()].some((t) => t.record.namespace === req.namespace)) {
        throw new OperatorError(
          409,
          'You can only create one tenant per namespace',
          `Namespace ${req.namespace} already has a tenant`,
        );
      }
      refuseExternalKms(req.encryption);
      const classes = (await this.storageClasses()).map((c) => c.name);
      const pools = req.pools.map((p, i) => toStoredPool(p, i, classes, this.options.minVolumeSize));
      await this.#checkQuota(pools);
      const generated = this.options.tools.randomRootCredentials();
      const rootUser = validKey(req.access_key) ?? generated.rootUser;
      const rootPassword = validKey(req.secret_key) ?? generated.rootPassword;
      const custom = (req.tls?.minio ?? []).map((p, i) => ({
        name: `${req.name}-certificate-${i + 1}`,
        ...p,
      }));
      const record: TenantRecord = {
        name: req.name,
        namespace: req.namespace,
        createdAt: new Date().toISOString(),
        image: this.options.image,
        pools,
        ...(req.erasureCodingParity ? { parity: req.erasureCodingParity } : {}),
        port: await freePort(),
        rootUser,
        rootPassword,
        env: {
          ...parityEnv(req.erasureCodingParity, pools[0] as (typeof pools)[number]),
          ...identityEnv(req.idp),
        },
        pendingUsers: req.idp?.keys ?? [],
        tls: { enabled: req.enable_tls ?? true, autoCert: custom.length === 0, custom: [], cas: [] },
        features: {
          oidc: req.idp?.oidc !== undefined,
          ldap: req.idp?.active_directory !== undefined,
          encryption: req.encryption !== undefined,
          prometheus: req.enable_prometheus ?? false,
          logSearch: req.logSearchConfiguration !== undefined,
        },
      };
      // Custom certificates are checked as Save does (pairs match, CAs parse).
      applySecurity(record, {
        autoCert: custom.length === 0,
        customCertificates: {
          secretsToBeDeleted: [],
          minio: custom,
          minioCAs: req.tls?.ca_certificates ?? [],
        },
      });
      record.tls.enabled = req.enable_tls ?? true;
      await writeJson(
        this.options.tools,
        `${this.#layout.tenantDir(record.namespace, record.name)}/tenant.json`,
        record,
      );
      const live = await this.#supervise(record);
      await live.supervisor.waitRunning();
      await this.#locked(key(record.namespace, record.name), () => this.#createPendingUsers(live));
      return {
        externalIDP: record.features.oidc || record.features.ldap,
        console: [
          { access_key: rootUser, secret_key: rootPassword },
          ...(req.idp?.keys ?? []).map((k) => ({ access_key: k.access_key, secret_key: k.secret_key })),
        ],
      };
    });
  }

  async getTenant(namespace: string, name: string): Promise<TenantDetail> {
    const { record: t, supervisor } = await this.#tenant(namespace, name);
    const figures = await this.#figures(t, supervisor.state.state);
    const access = await this.tenantAccess(namespace, name);
    return {
      name: t.name,
      namespace: t.namespace,
      creation_date: t.createdAt,
      currentState: supervisor.state.state,
      image: t.image,
      pools: t.pools.map((p) => ({
        name: p.name,
        servers: p.servers,
        volumes_per_server: p.volumes_per_server,
        volume_configuration: { size: p.size, storage_class_name: p.storageClass },
      })),
      total_size: totalSize(t),
      total_volumes: t.pools.reduce((s, p) => s + poolDrives(p), 0),
      total_instances: t.pools.reduce((s, p) => s + p.servers, 0),
      pool_count: t.pools.length,
      health_status: figures?.status.health_status ?? '',
      enable_prometheus: t.features.prometheus,
      endpoints: {
        minio: access.url,
        console: `${this.options.consoleUrl ?? ''}/api/proxy/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}/`,
      },
      status: figures?.status ?? unknownStatus,
      logEnabled: t.features.logSearch,
      monitoringEnabled: t.features.prometheus,
      encryptionEnabled: t.features.encryption,
      idpAdEnabled: t.features.ldap,
      idpOidcEnabled: t.features.oidc,
      minioTLS: tlsActive(t),
      consoleTLS: false,
      consoleEnabled: true,
    };
  }

  async deleteTenant(namespace: string, name: string): Promise<void> {
    await this.#locked(key(namespace, name), async () => {
      const live = await this.#tenant(namespace, name);
      await live.supervisor.stop();
      this.#tenants.delete(key(namespace, name));
      const classes = await this.storageClasses();
      for (const c of classes)
        await rm(tenantVolumesDir(c.root, live.record), { recursive: true, force: true });
      await rm(this.#layout.tenantDir(namespace, name), { recursive: true, force: true });
    });
  }

  async tenantUsage(namespace: string, name: string): Promise<number> {
    const { record, supervisor } = await this.#tenant(namespace, name);
    const figures = await this.#figures(record, supervisor.state.state);
    if (figures === null)
      throw new OperatorError(
        409,
        'The tenant is not running',
        `Tenant ${name} is ${supervisor.state.state}`,
      );
    return figures.used;
  }

  async getYaml(namespace: string, name: string): Promise<string> {
    const { record, supervisor } = await this.#tenant(namespace, name);
    return tenantToYaml(record, supervisor.state.state, supervisor.state.state === 'Running' ? 1 : 0);
  }

  async setYaml(namespace: string, name: string, yaml: string): Promise<void> {
    await this.#locked(key(namespace, name), async () => {
      const live = await this.#tenant(namespace, name);
      const classes = (await this.storageClasses()).map((c) => c.name);
      const change = readTenantYaml(yaml, live.record, classes);
      const added = change.pools.slice(live.record.pools.length);
      await this.#checkQuota(added);
      const envChanged = JSON.stringify(change.env) !== JSON.stringify(live.record.env);
      if (added.length === 0 && !envChanged) return;
      await this.#save(live, { ...live.record, pools: change.pools, env: change.env });
      await live.supervisor.restart(
        added.length > 0 ? `pools added: ${added.map((p) => p.name).join(', ')}` : 'environment changed',
      );
    });
  }

  async updateImage(namespace: string, name: string, image: string): Promise<void> {
    const { record } = await this.#tenant(namespace, name);
    if (image === record.image) return;
    throw new OperatorError(
      400,
      'The image cannot be changed',
      `Tenants of the local driver run this console's own store (${record.image}); update the console to update them.`,
    );
  }

  async addPool(namespace: string, name: string, pool: TenantPool): Promise<void> {
    await this.#locked(key(namespace, name), async () => {
      const live = await this.#tenant(namespace, name);
      const classes = (await this.storageClasses()).map((c) => c.name);
      const stored = toStoredPool(pool, live.record.pools.length, classes, this.options.minVolumeSize);
      if (live.record.pools.some((p) => p.name === stored.name)) {
        throw new OperatorError(409, `Pool ${stored.name} already exists`);
      }
      await this.#checkQuota([stored]);
      await this.#save(live, { ...live.record, pools: [...live.record.pools, stored] });
      await live.supervisor.restart(`pool ${stored.name} added`);
    });
  }

  // Pods, events, logs, volumes.

  async listPods(namespace: string, name: string): Promise<TenantPod[]> {
    const { record, supervisor } = await this.#tenant(namespace, name);
    const s = supervisor.state;
    return [
      {
        name: podName(record),
        status: podStatus(s.state),
        timeCreated: Math.floor((s.startedAt ?? Date.parse(record.createdAt)) / 1000),
        podIP: '127.0.0.1',
        restarts: s.restarts,
        node: os.hostname(),
      },
    ];
  }

  async deletePod(namespace: string, name: string, pod: string): Promise<void> {
    const live = await this.#pod(namespace, name, pod);
    await live.supervisor.killPod();
  }

  async podLog(namespace: string, name: string, pod: string): Promise<string> {
    await this.#pod(namespace, name, pod);
    return tail(this.#layout.logFile(namespace, name), 1024 * 1024);
  }

  async podEvents(namespace: string, name: string, pod: string): Promise<PodEvent[]> {
    const live = await this.#pod(namespace, name, pod);
    return live.events.list();
  }

  async listPvcs(namespace?: string, name?: string): Promise<Pvc[]> {
    if (namespace !== undefined && name !== undefined) await this.#tenant(namespace, name);
    const roots = new Map((await this.storageClasses()).map((c) => [c.name, c.root]));
    const records = [...this.#tenants.values()]
      .map((l) => l.record)
      .filter(
        (t) =>
          (namespace === undefined || t.namespace === namespace) && (name === undefined || t.name === name),
      );
    return volumeClaims(records, (cls) => roots.get(cls) ?? '');
  }

  // Security.

  async getSecurity(namespace: string, name: string): Promise<TenantSecurityResponse> {
    return securityView((await this.#tenant(namespace, name)).record);
  }

  async setSecurity(namespace: string, name: string, request: UpdateTenantSecurityRequest): Promise<void> {
    await this.#locked(key(namespace, name), async () => {
      const live = await this.#tenant(namespace, name);
      const next = structuredClone(live.record);
      applySecurity(next, request);
      await this.#save(live, next);
      await live.supervisor.restart('certificates changed');
    });
  }

  async caCertificate(): Promise<string> {
    return this.#ca.certificate();
  }

  async tenantAccess(namespace: string, name: string): Promise<TenantAccess> {
    const { record: t } = await this.#tenant(namespace, name);
    const tls = tlsActive(t);
    return {
      url: `${tls ? 'https' : 'http'}://127.0.0.1:${t.port}`,
      accessKey: t.rootUser,
      secretKey: t.rootPassword,
      // The operator CA (autocert), uploaded CAs, and uploaded certificates themselves (self-signed ones).
      ca: tls
        ? [
            await this.#ca.certificate(),
            ...t.tls.cas.map((c) => c.crt),
            ...t.tls.custom.map((c) => c.crt),
          ].join('\n')
        : '',
    };
  }

  // Storage roots.

  async listDrives(): Promise<DriveInfo[]> {
    const pools = [...this.#tenants.values()].flatMap((l) => l.record.pools);
    return storageRoots(await this.storageClasses(), pools, os.hostname());
  }

  async formatDrives(drives: readonly string[], force: boolean): Promise<FormatDrivesResponse> {
    return formatRoots(await this.listDrives(), drives, force);
  }

  async maxAllocatableMemory(nodes: number): Promise<number> {
    return maxAllocatableMemory(nodes);
  }

  // Internals.

  async #supervise(record: TenantRecord): Promise<Live> {
    const dir = this.#layout.tenantDir(record.namespace, record.name);
    const events = new EventLog(`${dir}/events.jsonl`, record.namespace, podName(record));
    const live: Live = { record, events, supervisor: undefined as unknown as TenantSupervisor };
    const launch = async () => {
      return buildLaunch(
        live.record,
        this.#layout,
        (cls) => roots.get(cls) ?? '',
        this.options.server,
        this.#ca,
        () => this.#autoPair(live),
      );
    };
    const roots = new Map(this.options.classes.map((c) => [c.name, c.root]));
    const identity = () => ({
      marker: processMarker(live.record, (cls) => roots.get(cls) ?? '', this.#layout),
      logFile: this.#layout.logFile(record.namespace, record.name),
    });
    live.supervisor = new TenantSupervisor(`${dir}/state.json`, events, this.options.tools, launch, identity);
    this.#tenants.set(key(record.namespace, record.name), live);
    await live.supervisor.run();
    return live;
  }

  /** The operator-issued pair of an autocert tenant, issued once and kept with the tenant. */
  async #autoPair(live: Live): Promise<{ crt: string; key: string }> {
    const file = `${this.#layout.tenantDir(live.record.namespace, live.record.name)}/autocert.json`;
    const saved = await readJson<{ crt: string; key: string }>(file);
    if (saved) return saved;
    const pair = await this.#ca.issue(`${live.record.name}.${live.record.namespace}`, [
      'localhost',
      '127.0.0.1',
      '::1',
      os.hostname(),
    ]);
    await writeJson(this.options.tools, file, pair);
    return pair;
  }

  /** Built-in users of the wizard become users of the tenant with the consoleAdmin policy. */
  async #createPendingUsers(live: Live): Promise<void> {
    if (live.record.pendingUsers.length === 0 || live.supervisor.state.state !== 'Running') return;
    const { admin, endpoint } = tenantAdmin(await this.tenantAccess(live.record.namespace, live.record.name));
    try {
      for (const u of live.record.pendingUsers) {
        await admin.addUser(u.access_key, u.secret_key);
        await admin.setPolicy('consoleAdmin', u.access_key, false);
      }
    } finally {
      await endpoint.connection.close();
    }
    await this.#save(live, { ...live.record, pendingUsers: [] });
  }

  async #save(live: Live, record: TenantRecord): Promise<void> {
    await writeJson(
      this.options.tools,
      `${this.#layout.tenantDir(record.namespace, record.name)}/tenant.json`,
      record,
    );
    live.record = record;
  }

  async #figures(t: TenantRecord, state: string) {
    if (state !== 'Running') return null;
    try {
      return await readTenantFigures(await this.tenantAccess(t.namespace, t.name));
    } catch {
      return null;
    }
  }

  #allocated(cls: string): number {
    return classBytes(
      [...this.#tenants.values()].flatMap((l) => l.record.pools),
      cls,
    );
  }

  async #checkQuota(pools: readonly StoredPool[]): Promise<void> {
    checkClassRoom(await this.storageClasses(), pools, (cls) => this.#allocated(cls));
  }

  async #namespace(namespace: string): Promise<void> {
    if (!(await this.listNamespaces()).includes(namespace)) {
      throw new OperatorError(404, 'Please enter a valid namespace', `Namespace ${namespace} does not exist`);
    }
  }

  async #tenant(namespace: string, name: string): Promise<Live> {
    const live = this.#tenants.get(key(namespace, name));
    if (!live)
      throw new OperatorError(
        404,
        'Tenant not found',
        `There is no tenant ${name} in namespace ${namespace}`,
      );
    return live;
  }

  async #pod(namespace: string, name: string, pod: string): Promise<Live> {
    const live = await this.#tenant(namespace, name);
    if (pod !== podName(live.record)) {
      throw new OperatorError(
        404,
        'Pod not found',
        `Tenant ${name} has no pod ${pod} (its pod is ${podName(live.record)})`,
      );
    }
    return live;
  }

  /** Runs `work` after the previous work on the same key (one change of a tenant at a time). */
  #locked<T>(k: string, work: () => Promise<T>): Promise<T> {
    const prev = this.#locks.get(k) ?? Promise.resolve();
    const next = prev.then(work, work);
    const settled = next.catch(() => undefined);
    this.#locks.set(k, settled);
    void settled.then(() => {
      if (this.#locks.get(k) === settled) this.#locks.delete(k);
    });
    return next;
  }
}

function validKey(k: string | undefined): string | undefined {
  return k !== undefined && /^[A-Za-z0-9-]{8,63}$/.test(k) ? k : undefined;
}
