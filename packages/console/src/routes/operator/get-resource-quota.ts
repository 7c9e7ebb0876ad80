// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ResourceQuota, resourceQuotaSchema } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors } from './operator-route.js';

/** GET /api/v1/namespaces/{ns}/resourcequotas/{ns}-storagequota (spec 3 §7): storage per class. */
export function registerGetResourceQuota(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.resourceQuota,
    {
      schema: {
        tags: ['operator'],
        summary: "A namespace's storage quota per storage class",
        params: z.object({ ns: z.string().min(1), quota: z.string().min(1) }),
        response: { 200: resourceQuotaSchema, ...operatorErrors },
      },
    },
    async (request): Promise<ResourceQuota> => driverOf(ctx).resourceQuota(request.params.ns),
  );
}
