// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, apiPaths } from '@stowage/contracts';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../session/session-cookie.js';
import { sessionCookieOptions } from '../../session/session-plugin.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * POST /api/v1/logout (spec 1 §7): clears the session cookie. Works without a valid session too, so a
 * browser holding an expired cookie can always get rid of it.
 */
export function registerLogout(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.logout,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out',
        response: {
          204: z.null().describe('Signed out; the session cookie is cleared'),
          403: apiErrorSchema,
        },
      },
    },
    async (_request, reply) => {
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(ctx.options.secureCookies ?? false));
      return reply.code(204).send(null);
    },
  );
}
