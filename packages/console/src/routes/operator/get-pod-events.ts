// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type PodEvent, podEventsSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors, podParams } from './operator-route.js';

/** GET .../pods/{pod}/events (spec 3 §7): the supervisor's events, newest first. */
export function registerGetPodEvents(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.tenantPodEvents,
    {
      schema: {
        tags: ['operator'],
        summary: "A pod's events",
        params: podParams,
        response: { 200: podEventsSchema, ...operatorErrors },
      },
    },
    async (request): Promise<PodEvent[]> => {
      const { ns, tenant, pod } = request.params;
      return driverOf(ctx).podEvents(ns, tenant, pod);
    },
  );
}
