// SPDX-License-Identifier: Apache-2.0
import type { FastifyReply } from 'fastify';
import { detectCapabilities } from '../../capabilities/detect.js';
import type { SignInCredentials } from '../../clients/sign-in.js';
import { SESSION_COOKIE, sealSession } from '../../session/session-cookie.js';
import { sessionCookieOptions } from '../../session/session-plugin.js';
import type { RouteContext } from '../route-context.js';

/**
 * Seals a signed-in session into the session cookie: the credentials, who signed in, and what the
 * server offers (detected now). Every way of signing in (keys, LDAP, OpenID) ends here.
 */
export async function startSession(
  ctx: RouteContext,
  reply: FastifyReply,
  issued: SignInCredentials,
  accountName: string,
  builtinUser: boolean,
  idp?: 'openid' | 'ldap',
): Promise<void> {
  const token = sealSession(
    {
      accessKey: issued.accessKey,
      secretKey: issued.secretKey,
      sessionToken: issued.sessionToken,
      expiresAt: issued.expiresAt,
      accountName,
      builtinUser,
      region: issued.region,
      mode: issued.mode,
      caps: await detectCapabilities(ctx.endpoint, issued, issued.mode === 'sts'),
      ...(idp ? { idp } : {}),
    },
    ctx.options.sessionKey,
  );
  const maxAge = Math.max(1, Math.floor((issued.expiresAt - Date.now()) / 1000));
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(ctx.options.secureCookies ?? false, maxAge));
}
