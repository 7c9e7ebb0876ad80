// SPDX-License-Identifier: Apache-2.0
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
import { ApiHttpError } from '../errors/api-http-error.js';

/**
 * The tenant driver (issue 33): what operator mode needs from wherever tenants run, shaped on MinIO's
 * Tenant v2 resource — namespaces, storage classes with quotas, tenants with pools (servers × volumes per
 * server × size), pods, events, logs, volume claims, credentials and certificates. The routes under
 * `routes/operator/` talk only to this interface; `local/` is the one shipped driver (every tenant a
 * supervised store server on this machine). A Kubernetes driver would implement the same methods.
 *
 * Every method throws `OperatorError` for what the caller did wrong (not found, conflict, invalid) with
 * a message fit for the UI; anything else is a server failure.
 */
export interface TenantDriver {
  /** Human name of the driver ('local'), shown in messages. */
  readonly kind: string;

  listNamespaces(): Promise<string[]>;
  createNamespace(name: string): Promise<void>;
  /** Storage classes with their capacity in bytes. */
  storageClasses(): Promise<StorageClassInfo[]>;
  /** `{ns}-storagequota`: per class, hard = capacity, used = bytes requested by volumes. */
  resourceQuota(namespace: string): Promise<ResourceQuota>;

  listTenants(namespace?: string): Promise<TenantListItem[]>;
  createTenant(request: CreateTenantRequest): Promise<CreateTenantResponse>;
  getTenant(namespace: string, name: string): Promise<TenantDetail>;
  deleteTenant(namespace: string, name: string): Promise<void>;
  tenantUsage(namespace: string, name: string): Promise<number>;
  /** The tenant as a Tenant v2 YAML document; `setYaml` applies pools and env, or refuses with the reason. */
  getYaml(namespace: string, name: string): Promise<string>;
  setYaml(namespace: string, name: string, yaml: string): Promise<void>;
  updateImage(namespace: string, name: string, image: string): Promise<void>;
  addPool(namespace: string, name: string, pool: TenantPool): Promise<void>;

  listPods(namespace: string, name: string): Promise<TenantPod[]>;
  deletePod(namespace: string, name: string, pod: string): Promise<void>;
  podLog(namespace: string, name: string, pod: string): Promise<string>;
  podEvents(namespace: string, name: string, pod: string): Promise<PodEvent[]>;
  /** Volume claims of one tenant, or of every tenant when `tenant` is absent. */
  listPvcs(namespace?: string, name?: string): Promise<Pvc[]>;

  getSecurity(namespace: string, name: string): Promise<TenantSecurityResponse>;
  /** Saves certificates and restarts the tenant (Save and Restart). */
  setSecurity(namespace: string, name: string, request: UpdateTenantSecurityRequest): Promise<void>;
  /** PEM of the operator's own CA (autocert). */
  caCertificate(): Promise<string>;

  /** Where tenants' S3 endpoints answer, and with which root keys (Manage Tenant, health figures). */
  tenantAccess(namespace: string, name: string): Promise<TenantAccess>;

  listDrives(): Promise<DriveInfo[]>;
  formatDrives(drives: readonly string[], force: boolean): Promise<FormatDrivesResponse>;

  /** Memory (bytes) one node of `nodes` may be given. */
  maxAllocatableMemory(nodes: number): Promise<number>;

  /** Stops supervising (tenants keep running); used when the console stops. */
  close(): Promise<void>;
}

export interface StorageClassInfo {
  name: string;
  root: string;
  capacity: number;
}

export interface TenantAccess {
  /** The tenant's S3 URL (https when it has certificates). */
  url: string;
  accessKey: string;
  secretKey: string;
  /** PEM CAs a client needs to trust the tenant's certificate ('' for http). */
  ca: string;
}

/** A failure the caller caused: rendered as `{errorMessage, detailedError}` with its status. */
export class OperatorError extends ApiHttpError {
  constructor(status: 400 | 404 | 409 | 501, message: string, detail: string = message) {
    super(status, message, detail);
    this.name = 'OperatorError';
  }
}

/** Operator mode as `buildApp` takes it: the driver and the operator token. */
export interface OperatorOptions {
  driver: TenantDriver;
  token: string;
}
