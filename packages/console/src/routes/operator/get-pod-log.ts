// SPDX-License-Identifier: Apache-2.0
import { apiPaths, podLogSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors, podParams } from './operator-route.js';

/** GET .../pods/{pod} (spec 3 §7): the process's own log (its last MiB), as text. */
export function registerGetPodLog(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.tenantPod,
    {
      schema: {
        tags: ['operator'],
        summary: "A pod's log",
        params: podParams,
        response: { 200: podLogSchema, ...operatorErrors },
      },
    },
    async (request): Promise<string> => {
      const { ns, tenant, pod } = request.params;
      return driverOf(ctx).podLog(ns, tenant, pod);
    },
  );
}
