// SPDX-License-Identifier: Apache-2.0
import { apiPaths } from '@stowage/contracts';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors } from './operator-route.js';

/** GET /api/v1/operator/ca.crt: the operator's CA (PEM), which clients of autocert tenants trust. */
export function registerGetOperatorCa(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.operatorCa,
    {
      schema: {
        tags: ['operator'],
        summary: "The operator's CA certificate",
        response: { 200: z.string(), ...operatorErrors },
      },
    },
    async (_request, reply) => {
      const pem = await driverOf(ctx).caCertificate();
      return reply
        .type('application/x-pem-file')
        .header('content-disposition', 'attachment; filename="operator-ca.crt"')
        .send(pem);
    },
  );
}
