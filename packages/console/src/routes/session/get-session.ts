// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, apiPaths, type Session, sessionSchema } from '@stowage/contracts';
import { refineGuessedCapabilities } from '../../capabilities/detect.js';
import { operatorPages } from '../../permissions/pages.js';
import { SESSION_COOKIE, sealSession } from '../../session/session-cookie.js';
import { type ConsoleSession, sessionCookieOptions } from '../../session/session-plugin.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * GET /api/v1/session (spec 1 §3, §4 "Session bootstrap"): who is signed in and which pages they may
 * open, computed from their effective policy (PROTOCOL-NOTES §5). A session whose bucket features were
 * guessed at sign-in (no bucket to ask about, issue 24) is probed again here once a bucket exists, and its
 * cookie re-sealed with what the server answered.
 */
export function registerGetSession(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.session,
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in session',
        response: { 200: sessionSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply): Promise<Session> => {
      let session: ConsoleSession = request.session;
      if (session.credentials.operator === true) return operatorSession();
      const refined = await refineGuessedCapabilities(ctx.endpoint, session.credentials);
      if (refined !== null) {
        const credentials = { ...session.credentials, caps: refined };
        const current = session;
        session = {
          credentials,
          accountName: current.accountName,
          get s3() {
            return current.s3;
          },
          get admin() {
            return current.admin;
          },
        };
        const maxAge = Math.max(1, Math.floor((credentials.expiresAt - Date.now()) / 1000));
        reply.setCookie(
          SESSION_COOKIE,
          sealSession(credentials, ctx.options.sessionKey),
          sessionCookieOptions(ctx.options.secureCookies ?? false, maxAge),
        );
      }
      return (await ctx.identities.get(session)).session;
    },
  );
}

/** The operator's session (issue 33): the pages of spec 3, nothing of a storage server. */
function operatorSession(): Session {
  return {
    operator: true,
    status: 'ok',
    pages: [...operatorPages],
    features: [],
    distributedMode: false,
    userName: 'operator',
  };
}
