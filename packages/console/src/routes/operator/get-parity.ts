// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ParityResponse,
  parityParamsSchema,
  parityResponseSchema,
  sizingMessages,
} from '@stowage/contracts';
import { OperatorError } from '../../operator/driver.js';
import { parityChoices } from '../../operator/sizing.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { operatorErrors } from './operator-route.js';

/** GET /api/v1/get-parity/{nodes}/{drivesPerServer} (spec 3 §7): EC parity choices, MinIO's rules. */
export function registerGetParity(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.parity,
    {
      schema: {
        tags: ['operator'],
        summary: 'Erasure-code parity choices',
        params: parityParamsSchema,
        response: { 200: parityResponseSchema, ...operatorErrors },
      },
    },
    async (request): Promise<ParityResponse> => {
      const { nodes, drivesPerServer } = request.params;
      const choices = parityChoices(nodes, drivesPerServer);
      if (choices === null) {
        throw new OperatorError(
          400,
          sizingMessages.cannotAllocate,
          `${nodes} servers × ${drivesPerServer} drives cannot form an erasure set (2 to 16 drives each)`,
        );
      }
      return choices;
    },
  );
}
