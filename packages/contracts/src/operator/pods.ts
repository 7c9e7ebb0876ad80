// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/** GET .../tenants/{name}/pods (MinIO's `tenantPod`, spec 3 §3 "Pod"). */
export const tenantPodSchema = z
  .object({
    name: z.string(),
    status: z.string().describe('Running, Pending (restarting), Failed …'),
    timeCreated: z.number().int().describe('Unix seconds the pod (process) started'),
    podIP: z.string(),
    restarts: z.number().int(),
    node: z.string(),
  })
  .meta({ id: 'TenantPod' });
export type TenantPod = z.infer<typeof tenantPodSchema>;
export const tenantPodsSchema = z.array(tenantPodSchema).meta({ id: 'TenantPods' });

/** GET .../pods/{pod}/events (MinIO's `eventListElement`, spec 3 §3 "Event"). */
export const podEventSchema = z
  .object({
    namespace: z.string(),
    last_seen: z.number().int().describe('Unix seconds'),
    event_type: z.string().describe('Normal or Warning'),
    reason: z.string().describe('Started, Killing, BackOff, …'),
    object: z.string().optional(),
    message: z.string(),
  })
  .meta({ id: 'PodEvent' });
export type PodEvent = z.infer<typeof podEventSchema>;
export const podEventsSchema = z.array(podEventSchema).meta({ id: 'PodEvents' });

/** GET .../pods/{pod}: the pod's log as text (the UI splits it by lines). */
export const podLogSchema = z.string().meta({ id: 'PodLog' });

/** A volume claim (MinIO's `pvcsListResponse`, spec 3 §3 "PVC"). */
export const pvcSchema = z
  .object({
    namespace: z.string(),
    name: z.string(),
    status: z.string().describe('Bound'),
    volume: z.string().optional(),
    tenant: z.string(),
    capacity: z.string().describe('Human size, e.g. 10Gi'),
    storageClass: z.string(),
    age: z.string().optional(),
  })
  .meta({ id: 'Pvc' });
export type Pvc = z.infer<typeof pvcSchema>;

/** GET .../tenants/{name}/pvcs and GET /api/v1/list-pvcs. */
export const listPvcsResponseSchema = z.object({ pvcs: z.array(pvcSchema) }).meta({ id: 'ListPvcsResponse' });
export type ListPvcsResponse = z.infer<typeof listPvcsResponseSchema>;
