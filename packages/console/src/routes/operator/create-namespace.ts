// SPDX-License-Identifier: Apache-2.0
import { apiPaths, createNamespaceRequestSchema } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors } from './operator-route.js';

/** POST /api/v1/namespace (spec 3 §7, the add-namespace modal): a DNS-label name. */
export function registerCreateNamespace(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.namespace,
    {
      schema: {
        tags: ['operator'],
        summary: 'Create a namespace',
        body: createNamespaceRequestSchema,
        response: { 204: z.null(), ...operatorErrors },
      },
    },
    async (request, reply) => {
      await driverOf(ctx).createNamespace(request.body.name);
      return reply.code(204).send(null);
    },
  );
}
