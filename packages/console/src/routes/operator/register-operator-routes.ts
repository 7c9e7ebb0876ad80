// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerAddPool } from './add-pool.js';
import { registerCreateNamespace } from './create-namespace.js';
import { registerCreateTenant } from './create-tenant.js';
import { registerDeletePod } from './delete-pod.js';
import { registerDeleteTenant } from './delete-tenant.js';
import { registerFormatDrives } from './format-drives.js';
import { registerGetMaxAllocatableMemory } from './get-max-allocatable-memory.js';
import { registerGetNodeLabels } from './get-node-labels.js';
import { registerGetOperatorCa } from './get-operator-ca.js';
import { registerGetParity } from './get-parity.js';
import { registerGetPodEvents } from './get-pod-events.js';
import { registerGetPodLog } from './get-pod-log.js';
import { registerGetResourceQuota } from './get-resource-quota.js';
import { registerGetTenant } from './get-tenant.js';
import { registerGetTenantSecurity } from './get-tenant-security.js';
import { registerGetTenantUsage } from './get-tenant-usage.js';
import { registerGetTenantYaml } from './get-tenant-yaml.js';
import { registerListDrives } from './list-drives.js';
import { registerListNamespaceTenants } from './list-namespace-tenants.js';
import { registerListPods } from './list-pods.js';
import { registerListPvcs } from './list-pvcs.js';
import { registerListTenantPvcs } from './list-tenant-pvcs.js';
import { registerListTenants } from './list-tenants.js';
import { registerPutTenantYaml } from './put-tenant-yaml.js';
import { registerSubscriptionRoutes } from './subscription.js';
import { registerTenantProxy } from './tenant-proxy.js';
import { registerUpdateTenant } from './update-tenant.js';
import { registerUpdateTenantSecurity } from './update-tenant-security.js';

export { requireOperator } from './operator-route.js';

/** Operator mode's REST API (issue 33, spec 3 §7), behind `requireOperator`. */
export function registerOperatorRoutes(app: ZodApp, ctx: RouteContext): void {
  registerListTenants(app, ctx);
  registerCreateTenant(app, ctx);
  registerListNamespaceTenants(app, ctx);
  registerGetTenant(app, ctx);
  registerDeleteTenant(app, ctx);
  registerUpdateTenant(app, ctx);
  registerGetTenantYaml(app, ctx);
  registerPutTenantYaml(app, ctx);
  registerGetTenantUsage(app, ctx);
  registerAddPool(app, ctx);
  registerListPods(app, ctx);
  registerDeletePod(app, ctx);
  registerGetPodLog(app, ctx);
  registerGetPodEvents(app, ctx);
  registerListTenantPvcs(app, ctx);
  registerListPvcs(app, ctx);
  registerGetTenantSecurity(app, ctx);
  registerUpdateTenantSecurity(app, ctx);
  registerGetOperatorCa(app, ctx);
  registerCreateNamespace(app, ctx);
  registerGetResourceQuota(app, ctx);
  registerGetNodeLabels(app, ctx);
  registerGetMaxAllocatableMemory(app, ctx);
  registerGetParity(app, ctx);
  registerListDrives(app, ctx);
  registerFormatDrives(app, ctx);
  registerSubscriptionRoutes(app, ctx);
  registerTenantProxy(app, ctx);
}
