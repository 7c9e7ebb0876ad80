// SPDX-License-Identifier: Apache-2.0
/**
 * The one query-key factory of operator mode (tenants, the Create New Tenant wizard and Storage share
 * it, so a creation or deletion refreshes every list that shows tenants or their volumes).
 */
export const tenantKeys = {
  all: ['operator'] as const,
  tenants: () => [...tenantKeys.all, 'tenants'] as const,
  namespaceTenants: (ns: string) => [...tenantKeys.tenants(), 'namespace', ns] as const,
  tenant: (ns: string, tenant: string) => [...tenantKeys.tenants(), ns, tenant] as const,
  tenantPart: (ns: string, tenant: string, part: string) => [...tenantKeys.tenant(ns, tenant), part] as const,
  pod: (ns: string, tenant: string, pod: string, part: 'log' | 'events') =>
    [...tenantKeys.tenant(ns, tenant), 'pod', pod, part] as const,
  quota: (ns: string) => [...tenantKeys.all, 'quota', ns] as const,
  pvcs: () => [...tenantKeys.all, 'pvcs'] as const,
  drives: () => [...tenantKeys.all, 'drives'] as const,
  subscription: () => [...tenantKeys.all, 'subscription'] as const,
  maxMemory: (nodes: number) => [...tenantKeys.all, 'max-memory', nodes] as const,
  parity: (nodes: number, drives: number) => [...tenantKeys.all, 'parity', nodes, drives] as const,
  nodeLabels: () => [...tenantKeys.all, 'node-labels'] as const,
};
