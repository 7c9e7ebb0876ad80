// SPDX-License-Identifier: Apache-2.0
import { parseDocument, stringify } from 'yaml';
import { z } from 'zod';
import { OperatorError } from '../driver.js';
import { formatQuantity, parseQuantity } from '../quantity.js';
import type { StoredPool, TenantRecord } from './files.js';

/** Environment variables the YAML may not set: the driver owns them. */
const RESERVED_ENV = new Set(['MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD']);

/** The tenant as MinIO operator's Tenant v2 resource (`minio.min.io/v2`). */
export function tenantToYaml(t: TenantRecord, currentState: string, availableReplicas: number): string {
  const doc = {
    apiVersion: 'minio.min.io/v2',
    kind: 'Tenant',
    metadata: { name: t.name, namespace: t.namespace, creationTimestamp: t.createdAt },
    spec: {
      image: t.image,
      pools: t.pools.map((p) => ({
        name: p.name,
        servers: p.servers,
        volumesPerServer: p.volumes_per_server,
        volumeClaimTemplate: {
          metadata: { name: 'data' },
          spec: {
            storageClassName: p.storageClass,
            accessModes: ['ReadWriteOnce'],
            resources: { requests: { storage: formatQuantity(p.size) } },
          },
        },
      })),
      env: Object.entries(t.env).map(([name, value]) => ({ name, value })),
      requestAutoCert: t.tls.enabled && t.tls.autoCert,
      features: {
        enableSFTP: false,
      },
      prometheusOperator: t.features.prometheus,
    },
    status: {
      currentState,
      availableReplicas,
      pools: t.pools.map((p) => ({ ssName: `${t.name}-${p.name}`, state: 'PoolInitialized' })),
    },
  };
  return stringify(doc);
}

const quantity = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const bytes = typeof v === 'number' ? v : parseQuantity(v);
  if (bytes === null || bytes <= 0) {
    ctx.addIssue({ code: 'custom', message: `"${v}" is not a storage size such as 100Gi` });
    return z.NEVER;
  }
  return bytes;
});

const tenantDocSchema = z.object({
  apiVersion: z.literal('minio.min.io/v2', { error: 'apiVersion must be minio.min.io/v2' }),
  kind: z.literal('Tenant', { error: 'kind must be Tenant' }),
  metadata: z.object({ name: z.string(), namespace: z.string().optional() }),
  spec: z.object({
    image: z.string().optional(),
    pools: z
      .array(
        z.object({
          name: z.string().optional(),
          servers: z.number().int().min(1, 'servers must be at least 1'),
          volumesPerServer: z.number().int().min(1, 'volumesPerServer must be at least 1'),
          volumeClaimTemplate: z.object({
            spec: z.object({
              storageClassName: z.string().optional(),
              resources: z.object({ requests: z.object({ storage: quantity }) }),
            }),
          }),
        }),
      )
      .min(1, 'spec.pools needs at least one pool'),
    env: z
      .array(
        z.object({
          name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'env names are letters, digits and _'),
          value: z.string().default(''),
        }),
      )
      .optional(),
  }),
});

/** What a saved YAML changes: the pools (existing ones unchanged, new ones appended) and the env. */
export interface YamlChange {
  pools: StoredPool[];
  env: Record<string, string>;
}

/**
 * Reads an edited Tenant document against the tenant as it is: a malformed or invalid document, a
 * renamed tenant, a changed image, an existing pool changed or removed are refused with the reason.
 */
export function readTenantYaml(text: string, t: TenantRecord, classes: readonly string[]): YamlChange {
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors.length > 0) {
    throw new OperatorError(400, 'The YAML is not valid', doc.errors.map((e) => e.message).join('\n'));
  }
  const parsed = tenantDocSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((i) => `${i.path.join('.') || '(document)'}: ${i.message}`)
      .join('\n');
    throw new OperatorError(400, 'The YAML is not a valid Tenant', detail);
  }
  const spec = parsed.data.spec;
  const refuse = (detail: string): never => {
    throw new OperatorError(400, 'The YAML cannot be applied', detail);
  };
  if (parsed.data.metadata.name !== t.name)
    refuse(`metadata.name must stay ${t.name}: a tenant cannot be renamed`);
  if (parsed.data.metadata.namespace !== undefined && parsed.data.metadata.namespace !== t.namespace) {
    refuse(`metadata.namespace must stay ${t.namespace}`);
  }
  if (spec.image !== undefined && spec.image !== t.image) {
    refuse(
      `spec.image is ${t.image}: the local driver runs this console's own store, so the image cannot change`,
    );
  }
  const pools: StoredPool[] = spec.pools.map((p, i) => ({
    name: p.name ?? `pool-${i}`,
    servers: p.servers,
    volumes_per_server: p.volumesPerServer,
    size: p.volumeClaimTemplate.spec.resources.requests.storage,
    storageClass: p.volumeClaimTemplate.spec.storageClassName ?? t.pools[0]?.storageClass ?? 'standard',
  }));
  if (pools.length < t.pools.length) refuse('A pool cannot be removed by editing the YAML');
  t.pools.forEach((old, i) => {
    const now = pools[i] as StoredPool;
    if (
      now.name !== old.name ||
      now.servers !== old.servers ||
      now.volumes_per_server !== old.volumes_per_server ||
      now.size !== old.size ||
      now.storageClass !== old.storageClass
    ) {
      refuse(
        `Pool ${old.name} cannot be changed (servers, volumes, size and storage class are fixed); add a pool instead`,
      );
    }
  });
  const names = new Set<string>();
  for (const p of pools) {
    if (names.has(p.name)) refuse(`Pool name ${p.name} is used twice`);
    names.add(p.name);
    if (!classes.includes(p.storageClass))
      refuse(`Storage class ${p.storageClass} does not exist (${classes.join(', ')})`);
  }
  const env: Record<string, string> = {};
  for (const e of spec.env ?? []) {
    if (RESERVED_ENV.has(e.name))
      refuse(`${e.name} is managed by the operator and cannot be set in the YAML`);
    env[e.name] = e.value;
  }
  return { pools, env };
}
