import { apiErrorSchema, apiPaths, type Session, sessionSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * GET /api/v1/session (spec 1 §3, §4 "Session bootstrap"): who is signed in and which pages they may
 * open, computed from their effective policy (PROTOCOL-NOTES §5).
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
    async (request): Promise<Session> => (await ctx.identities.get(request.session)).session,
  );
}
