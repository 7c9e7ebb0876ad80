// SPDX-License-Identifier: Apache-2.0
import { apiPaths } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors, podParams } from './operator-route.js';

/** DELETE .../pods/{pod} (spec 3 §7): kills the process; the supervisor starts it again (restarts + 1). */
export function registerDeletePod(app: ZodApp, ctx: RouteContext): void {
  app.delete(
    apiPaths.tenantPod,
    {
      schema: {
        tags: ['operator'],
        summary: 'Delete (restart) a pod',
        params: podParams,
        response: { 204: z.null(), ...operatorErrors },
      },
    },
    async (request, reply) => {
      const { ns, tenant, pod } = request.params;
      await driverOf(ctx).deletePod(ns, tenant, pod);
      return reply.code(204).send(null);
    },
  );
}
