// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type OAuth2LoginResponse,
  oauth2LoginRequestSchema,
  oauth2LoginResponseSchema,
} from '@stowage/contracts';
import { assumeRoleWithWebIdentity } from '@stowage/madmin';
import { connectionFailureToApiError } from '../../errors/connection-errors.js';
import { storeErrorToApiError } from '../../errors/store-errors.js';
import { stsSignIn } from '../../sso/ldap-sign-in.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { IDP_BINDING_COOKIE } from './get-login-strategy.js';
import { startSession } from './start-session.js';

/**
 * POST /api/v1/login/oauth2/auth (spec 1 §7, spec 3 OAuth callback; issue 23): /oauth_callback posts the
 * provider's code and state; the code is exchanged (PKCE verifier, client secret) for an ID token, checked,
 * and traded at the server's STS (AssumeRoleWithWebIdentity) for credentials held to the token's policies.
 */
export function registerLoginOAuth2(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.loginOAuth2,
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish a single sign-on: exchange the identity provider code',
        body: oauth2LoginRequestSchema,
        response: {
          200: oauth2LoginResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request, reply): Promise<OAuth2LoginResponse> => {
      const { code, state } = request.body;
      const signIn = await ctx.sso.flows.finish(code, state, request.cookies[IDP_BINDING_COOKIE] ?? '');
      const duration = ctx.options.sessionDurationSeconds;
      let creds: Awaited<ReturnType<typeof assumeRoleWithWebIdentity>>;
      try {
        creds = await assumeRoleWithWebIdentity({
          endpoint: ctx.endpoint.url,
          webIdentityToken: signIn.idToken,
          durationSeconds: duration,
          ...(signIn.client.roleArn ? { roleArn: signIn.client.roleArn } : {}),
        });
      } catch (err) {
        throw (
          connectionFailureToApiError(err, ctx.endpoint.url, ctx.endpoint.connection.timeoutMs) ??
          storeErrorToApiError(err) ??
          err
        );
      }
      const c = signIn.claims;
      const name = [c.preferred_username, c.email, c.sub].find((v) => typeof v === 'string' && v !== '');
      await startSession(
        ctx,
        reply,
        stsSignIn(creds, duration, ctx.endpoint),
        String(name ?? 'sso'),
        false,
        'openid',
      );
      // The session itself is in the httpOnly cookie; the answer names it without its secret.
      return { sessionId: creds.AccessKeyId };
    },
  );
}
