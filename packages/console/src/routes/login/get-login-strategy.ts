// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { apiPaths, type LoginDetails, loginDetailsSchema, publicPaths } from '@stowage/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { basePathOf } from '../../http/base-path.js';
import { sessionCookieOptions } from '../../session/session-plugin.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/** Binds an OpenID sign-in to the browser that started it (checked on /oauth_callback). */
export const IDP_BINDING_COOKIE = 'idp-binding';

function binding(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = request.cookies[IDP_BINDING_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{32}$/.test(existing)) return existing;
  const value = randomBytes(24).toString('base64url');
  reply.setCookie(IDP_BINDING_COOKIE, value, sessionCookieOptions(secure, 3600));
  return value;
}

/** This console's `/oauth_callback`, as the browser reaches it. */
function callbackUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${basePathOf(request.raw)}${publicPaths.oauthCallback}`;
}

/**
 * GET /api/v1/login (spec 1 §7): which sign-in screen the SPA shows. With OpenID providers (issue 23)
 * the strategy is `redirect`, one authorization URL per provider, each a fresh code + PKCE + state +
 * nonce sign-in; with LDAP the form signs in against the directory.
 */
export function registerGetLoginStrategy(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.login,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in strategy',
        response: { 200: loginDetailsSchema },
      },
    },
    async (request, reply): Promise<LoginDetails> => {
      if (ctx.options.operator) return { loginStrategy: 'service-account' };
      if (ctx.options.openId !== undefined)
        return { loginStrategy: 'redirect', redirect: ctx.options.openId.redirect };
      const sso = await ctx.sso.settings.current();
      const ldap = sso.ldap ? { ldap: true } : {};
      if (sso.openId.length === 0) return { loginStrategy: 'form', ...ldap };
      reply.header('cache-control', 'no-store');
      const browser = binding(request, reply, ctx.options.secureCookies ?? false);
      const rules = await Promise.all(
        sso.openId.map(async (client) => ({
          displayName: client.displayName || 'Login with SSO',
          redirect: await ctx.sso.flows.authorizationUrl(
            client,
            client.redirectUri || callbackUrl(request),
            browser,
          ),
        })),
      );
      return {
        loginStrategy: 'redirect',
        redirect: rules[0]?.redirect ?? '',
        redirectRules: rules,
        ...ldap,
      };
    },
  );
}
