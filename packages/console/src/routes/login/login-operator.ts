// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { apiErrorSchema, apiPaths, operatorLoginRequestSchema } from '@stowage/contracts';
import { z } from 'zod';
import { apiErrors } from '../../errors/api-http-error.js';
import { operatorTokenMatches } from '../../operator/operator-token.js';
import { SESSION_COOKIE, sealSession } from '../../session/session-cookie.js';
import { sessionCookieOptions } from '../../session/session-plugin.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * POST /api/v1/login/operator (spec 1 §7, issue 33): signs in with the operator token printed at start
 * (`OperatorToken: …`). Failed attempts count in the same per-address limiter as password sign-in. The
 * session carries no storage credentials, only `operator: true`: it opens the operator pages.
 */
export function registerLoginOperator(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.loginOperator,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in to the operator console with the operator token',
        body: operatorLoginRequestSchema,
        response: {
          204: z.null().describe('Signed in; the session cookie `token` is set'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const operator = ctx.operator;
      if (operator === undefined) {
        throw apiErrors.forbidden(
          'Operator mode is off: this console manages one storage server. Set CONSOLE_OPERATOR_MODE=on.',
        );
      }
      const throttle = ctx.loginThrottle;
      const waitMs = await throttle.waitMs(request.ip);
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        reply.header('retry-after', String(seconds));
        throw apiErrors.tooManyRequests(
          `Too many failed sign-ins from this address. Try again in ${seconds} seconds.`,
        );
      }
      if (!operatorTokenMatches(request.body.jwt, operator.token)) {
        await throttle.failed(request.ip);
        throw apiErrors.invalidLogin(
          'The operator token is wrong: use the OperatorToken line the console printed at start.',
        );
      }
      const expiresAt = Date.now() + ctx.options.sessionDurationSeconds * 1000;
      const token = sealSession(
        {
          accessKey: 'operator',
          secretKey: randomBytes(16).toString('hex'),
          sessionToken: '',
          expiresAt,
          accountName: 'operator',
          builtinUser: false,
          mode: 'keys',
          caps: [],
          operator: true,
        },
        ctx.options.sessionKey,
      );
      reply.setCookie(
        SESSION_COOKIE,
        token,
        sessionCookieOptions(ctx.options.secureCookies ?? false, ctx.options.sessionDurationSeconds),
      );
      return reply.code(204).send(null);
    },
  );
}
