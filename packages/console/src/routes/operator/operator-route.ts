// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema } from '@stowage/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrors } from '../../errors/api-http-error.js';
import type { TenantDriver } from '../../operator/driver.js';
import type { RouteContext } from '../route-context.js';

/** The error answers every operator route may give. */
export const operatorErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  501: apiErrorSchema,
};

export const tenantParams = z.object({ ns: z.string().min(1), tenant: z.string().min(1) });
export const podParams = tenantParams.extend({ pod: z.string().min(1) });

/**
 * onRequest hook of the operator routes: the session must be the operator's (signed in with the operator
 * token) and operator mode on; anyone else gets 403 with the reason.
 */
export function requireOperator(ctx: RouteContext) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (ctx.operator === undefined) {
      throw apiErrors.forbidden(
        'Operator mode is off: tenants exist only when the console runs with CONSOLE_OPERATOR_MODE=on.',
      );
    }
    if (request.session.credentials.operator !== true) {
      throw apiErrors.forbidden('Only the operator manages tenants: sign in with the operator token.');
    }
  };
}

/** The tenant driver (operator routes run only behind `requireOperator`). */
export function driverOf(ctx: RouteContext): TenantDriver {
  if (ctx.operator === undefined) throw apiErrors.forbidden('Operator mode is off.');
  return ctx.operator.driver;
}
