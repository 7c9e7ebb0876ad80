// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/**
 * Operator mode (spec 3 §2–§9): tenants as MinIO's operator console shapes them (its field names, snake
 * case where it uses it). Every size is in bytes.
 */

/** Tenant name (spec 3 §5, §9): lowercase letters, digits and '-', 3 to 63 characters. */
export const TENANT_NAME_MESSAGE = "Name only can contain lowercase letters, numbers and '-'. Min. Length: 3";
export const tenantNameSchema = z
  .string()
  .regex(/^[a-z0-9-]{3,63}$/, TENANT_NAME_MESSAGE)
  .meta({ id: 'TenantName' });

/** A namespace is a DNS label (RFC 1123): lowercase letters, digits and '-', 1 to 63, alphanumeric ends. */
export const NAMESPACE_NAME_MESSAGE =
  "A namespace must be 1 to 63 lowercase letters, digits or '-', starting and ending with a letter or digit";
export const namespaceNameSchema = z
  .string()
  .regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/, NAMESPACE_NAME_MESSAGE)
  .meta({ id: 'NamespaceName' });

/** The health of a tenant (spec 3 §4 "Tenant health colour"); anything else shows grey. */
export const tenantHealthSchema = z.enum(['green', 'yellow', 'red', '']);
export type TenantHealth = z.infer<typeof tenantHealthSchema>;

/** `currentState` of the local driver's tenants (free text in the spec; these are the values it uses). */
export const LOCAL_TENANT_STATES = ['Initialized', 'Running', 'Restarting', 'Stopped'] as const;

/** A pool: servers × volumes per server, each volume `volume_configuration.size` bytes (spec 3 §3 "Pool"). */
export const poolSchema = z
  .object({
    name: z.string().optional().describe('Empty = the UI labels it pool-{index}'),
    servers: z.number().int().min(1),
    volumes_per_server: z.number().int().min(1),
    volume_configuration: z.object({
      size: z.number().int().min(1).describe('Bytes per volume'),
      storage_class_name: z.string().optional(),
      labels: z.record(z.string(), z.string()).optional(),
      annotations: z.record(z.string(), z.string()).optional(),
    }),
    resources: z
      .object({
        requests: z.record(z.string(), z.number()).optional(),
        limits: z.record(z.string(), z.number()).optional(),
      })
      .optional(),
    node_selector: z.record(z.string(), z.string()).optional(),
    affinity: z.unknown().optional().describe('Kubernetes affinity; kept, not used by the local driver'),
    tolerations: z.array(z.unknown()).optional(),
  })
  .meta({ id: 'TenantPool' });
export type TenantPool = z.infer<typeof poolSchema>;

/** One row of GET /api/v1/tenants and /api/v1/namespaces/{ns}/tenants (MinIO's `tenantList`). */
export const tenantListItemSchema = z
  .object({
    name: z.string(),
    namespace: z.string(),
    pool_count: z.number().int(),
    instance_count: z.number().int(),
    volume_count: z.number().int(),
    total_size: z.number().describe('Requested raw size: servers × volumes × size over every pool'),
    creation_date: z.string().describe('ISO 8601'),
    deletion_date: z.string().optional(),
    currentState: z.string(),
    health_status: z.string(),
    capacity_raw: z.number().optional(),
    capacity_raw_usage: z.number().optional(),
    capacity: z.number().optional(),
    capacity_usage: z.number().optional(),
  })
  .meta({ id: 'TenantListItem' });
export type TenantListItem = z.infer<typeof tenantListItemSchema>;

export const listTenantsResponseSchema = z
  .object({ tenants: z.array(tenantListItemSchema), total: z.number().int() })
  .meta({ id: 'ListTenantsResponse' });
export type ListTenantsResponse = z.infer<typeof listTenantsResponseSchema>;

/** The tenant's health figures, read from the tenant's own admin API (MinIO's `tenantStatus`). */
export const tenantStatusSchema = z
  .object({
    health_status: z.string(),
    drives_online: z.number().int(),
    drives_offline: z.number().int(),
    drives_healing: z.number().int().optional(),
    write_quorum: z.number().int(),
    usage: z
      .object({
        raw: z.number().optional(),
        raw_usage: z.number().optional(),
        capacity: z.number().optional(),
        capacity_usage: z.number().optional(),
      })
      .optional(),
  })
  .meta({ id: 'TenantStatus' });
export type TenantStatus = z.infer<typeof tenantStatusSchema>;

/** License of a tenant (spec 3 §3 "subnet_license"). */
export const subnetLicenseSchema = z
  .object({
    organization: z.string().optional(),
    storage_capacity: z.number().optional().describe('TB'),
    expires_at: z.string().optional(),
    plan: z.string().optional(),
    email: z.string().optional(),
    account_id: z.number().optional(),
  })
  .meta({ id: 'SubnetLicense' });
export type SubnetLicense = z.infer<typeof subnetLicenseSchema>;

/** GET /api/v1/namespaces/{ns}/tenants/{name} (MinIO's `tenant`, spec 3 §3 "Tenant"). */
export const tenantDetailSchema = z
  .object({
    name: z.string(),
    namespace: z.string(),
    creation_date: z.string(),
    deletion_date: z.string().optional(),
    currentState: z.string(),
    image: z.string(),
    pools: z.array(poolSchema),
    total_size: z.number(),
    total_volumes: z.number().int(),
    total_instances: z.number().int(),
    pool_count: z.number().int(),
    health_status: z.string(),
    enable_prometheus: z.boolean().optional(),
    subnet_license: subnetLicenseSchema.optional(),
    endpoints: z.object({
      minio: z.string().describe("The tenant's S3 URL"),
      console: z.string().describe("The console page for the tenant (this console's proxy path)"),
    }),
    status: tenantStatusSchema,
    logEnabled: z.boolean(),
    monitoringEnabled: z.boolean(),
    encryptionEnabled: z.boolean(),
    idpAdEnabled: z.boolean(),
    idpOidcEnabled: z.boolean(),
    minioTLS: z.boolean(),
    consoleTLS: z.boolean(),
    consoleEnabled: z.boolean(),
  })
  .meta({ id: 'TenantDetail' });
export type TenantDetail = z.infer<typeof tenantDetailSchema>;

/** GET /api/v1/namespaces/{ns}/tenants/{name}/usage (MinIO's `tenantUsage`). */
export const tenantUsageSchema = z
  .object({ used: z.number().optional(), disk_used: z.number() })
  .meta({ id: 'TenantUsage' });
export type TenantUsage = z.infer<typeof tenantUsageSchema>;

/** GET and PUT /api/v1/namespaces/{ns}/tenants/{name}/yaml: the tenant as a Tenant v2 document. */
export const tenantYamlSchema = z
  .object({ yaml: z.string().min(1, 'The YAML document is empty') })
  .meta({ id: 'TenantYaml' });
export type TenantYaml = z.infer<typeof tenantYamlSchema>;

/** `image_registry` of create/update (spec 3 §5 "Image registry"). */
export const imageRegistrySchema = z
  .object({ registry: z.string().min(1), username: z.string().min(1), password: z.string().min(1) })
  .meta({ id: 'ImageRegistry' });

/** PUT /api/v1/namespaces/{ns}/tenants/{name}: image update (refused by the local driver). */
export const updateTenantRequestSchema = z
  .object({
    image: z.string().optional(),
    image_registry: imageRegistrySchema.optional(),
    image_pull_secret: z.string().optional(),
    enable_prometheus: z.boolean().optional(),
  })
  .meta({ id: 'UpdateTenantRequest' });
export type UpdateTenantRequest = z.infer<typeof updateTenantRequestSchema>;

/** POST /api/v1/namespaces/{ns}/tenants/{name}/pools body: one pool to add (Expand Tenant). */
export const addPoolRequestSchema = poolSchema.meta({ id: 'AddPoolRequest' });
export type AddPoolRequest = z.infer<typeof addPoolRequestSchema>;

/** POST /api/v1/namespace body (the add-namespace modal). */
export const createNamespaceRequestSchema = z
  .object({ name: namespaceNameSchema })
  .meta({ id: 'CreateNamespaceRequest' });
export type CreateNamespaceRequest = z.infer<typeof createNamespaceRequestSchema>;

/** GET /api/v1/namespaces/{ns}/resourcequotas/{ns}-storagequota (MinIO's `resourceQuota`). */
export const resourceQuotaElementSchema = z
  .object({
    name: z.string().describe('{class}.storageclass.storage.k8s.io/requests.storage'),
    hard: z.number().describe('Bytes the class may still hand out (its capacity)'),
    used: z.number().describe('Bytes already requested by volumes in the class'),
  })
  .meta({ id: 'ResourceQuotaElement' });
export const resourceQuotaSchema = z
  .object({ name: z.string(), elements: z.array(resourceQuotaElementSchema) })
  .meta({ id: 'ResourceQuota' });
export type ResourceQuota = z.infer<typeof resourceQuotaSchema>;

/** The storage-class suffix of a resource quota element name. */
export const STORAGE_CLASS_QUOTA_SUFFIX = '.storageclass.storage.k8s.io/requests.storage';

/** GET /api/v1/nodes/labels: label key → values. */
export const nodeLabelsSchema = z.record(z.string(), z.array(z.string())).meta({ id: 'NodeLabels' });
export type NodeLabels = z.infer<typeof nodeLabelsSchema>;
