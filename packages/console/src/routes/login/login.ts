// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, apiPaths, loginRequestSchema } from '@stowage/contracts';
import { z } from 'zod';
import { signIn } from '../../clients/sign-in.js';
import { isBuiltinUser } from '../../clients/store-clients.js';
import { apiErrors } from '../../errors/api-http-error.js';
import { connectionFailureToApiError } from '../../errors/connection-errors.js';
import { storeErrorToApiError } from '../../errors/store-errors.js';
import { ldapSignIn } from '../../sso/ldap-sign-in.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { startSession } from './start-session.js';

/** STS and S3 answers that mean "these credentials are wrong" (PROTOCOL-NOTES §1, §3). */
const badCredentialCodes = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidClientTokenId',
]);

/**
 * POST /api/v1/login (spec 1 §7, issue 5, issue 24): trades the user's keys for temporary STS credentials
 * through AssumeRole, valid for the session's lifetime, and keeps them sealed in the session cookie. On a
 * server without a usable STS the session signs with the user's own keys (`mode: 'keys'`, clients/sign-in),
 * sealed the same way and never sent back in clear. Failed attempts are limited per client address
 * (LoginThrottle); a server that cannot be reached is named with the cause (clients/connection-errors).
 */
export function registerLogin(app: ZodApp, ctx: RouteContext): void {
  const throttle = ctx.loginThrottle;
  app.post(
    apiPaths.login,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an access key and secret key',
        body: loginRequestSchema,
        response: {
          204: z.null().describe('Signed in; the session cookie `token` is set'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
          504: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { accessKey, secretKey } = request.body;
      const waitMs = await throttle.waitMs(request.ip);
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        reply.header('retry-after', String(seconds));
        throw apiErrors.tooManyRequests(
          `Too many failed sign-ins from this address. Try again in ${seconds} seconds.`,
        );
      }
      // With LDAP (issue 23) the form's username and password go to the directory first; root and the
      // server's own users still sign in with their keys when the directory refuses them.
      const ldap = (await ctx.sso.settings.current()).ldap
        ? await ldapSignIn(ctx.endpoint, accessKey, secretKey, ctx.options.sessionDurationSeconds).catch(
            (err: unknown) => {
              throw storeErrorToApiError(err) ?? err;
            },
          )
        : null;
      if (ldap && !('refused' in ldap)) {
        await startSession(ctx, reply, ldap, accessKey, false, 'ldap');
        return reply.code(204).send(null);
      }
      let issued: Awaited<ReturnType<typeof signIn>>;
      try {
        issued = await signIn(ctx.endpoint, accessKey, secretKey, ctx.options.sessionDurationSeconds);
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        if (typeof code === 'string' && badCredentialCodes.has(code)) {
          await throttle.failed(request.ip);
          throw apiErrors.invalidLogin(
            ldap && /^no policy/.test(ldap.refused)
              ? `Signed in to the directory, but ${ldap.refused}.`
              : 'The access key or secret key is wrong, or the account is disabled.',
            err,
          );
        }
        throw (
          connectionFailureToApiError(err, ctx.endpoint.url, ctx.endpoint.connection.timeoutMs) ??
          storeErrorToApiError(err) ??
          err
        );
      }
      const builtinUser = await isBuiltinUser(ctx.endpoint, accessKey, secretKey);
      await startSession(ctx, reply, issued, accessKey, builtinUser);
      return reply.code(204).send(null);
    },
  );
}
