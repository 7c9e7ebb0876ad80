// SPDX-License-Identifier: Apache-2.0
import { apiPaths, changePasswordRequestSchema } from '@stowage/contracts';
import { MadminClient } from '@stowage/madmin';
import { z } from 'zod';
import { assumeRoleForLogin } from '../../clients/store-clients.js';
import { ApiHttpError } from '../../errors/api-http-error.js';
import { storeErrorToApiError } from '../../errors/store-errors.js';
import { SESSION_COOKIE, sealSession } from '../../session/session-cookie.js';
import { sessionCookieOptions } from '../../session/session-plugin.js';
import { hasCode, identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/** STS answers meaning "wrong key or secret" (PROTOCOL-NOTES §3). */
const badCredentialCodes = [
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidClientTokenId',
];

/**
 * POST /api/v1/account/change-password (spec 2 §7). The session holds only temporary STS credentials,
 * which the admin API does not let change their parent's secret (PROTOCOL-NOTES §1 add-user), so:
 * 1. the current password is checked with an STS AssumeRole (403 when wrong, nothing changed);
 * 2. `add-user` on oneself is signed with the user's own long-term keys (allowed unless explicitly
 *    denied, the same rule MinIO applies);
 * 3. the session is renewed with the new password, so the user stays signed in.
 */
export function registerChangePassword(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.changePassword,
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ['account'],
        summary: 'Change my password',
        body: changePasswordRequestSchema,
        response: {
          204: z.null().describe('Changed; the session cookie is renewed'),
          ...identityErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const name = request.session.accountName;
      if (!request.session.credentials.builtinUser) {
        throw new ApiHttpError(
          403,
          'Password change is not available',
          'Only users of the server’s own directory can change their password here (not root or SSO users).',
        );
      }
      const { current_secret_key: current, new_secret_key: next } = request.body;
      try {
        await assumeRoleForLogin(ctx.endpoint, name, current, 900);
      } catch (err) {
        if (hasCode(err, ...badCredentialCodes)) {
          throw new ApiHttpError(
            403,
            'The current password is not correct',
            'The current password is not correct; nothing was changed.',
            {
              cause: err,
            },
          );
        }
        throw storeErrorToApiError(err) ?? err;
      }
      const own = new MadminClient({
        endpoint: ctx.endpoint.url,
        accessKey: name,
        secretKey: current,
        region: ctx.endpoint.region,
      });
      await own.addUser(name, next, 'enabled');

      const issued = await assumeRoleForLogin(ctx.endpoint, name, next, ctx.options.sessionDurationSeconds);
      const token = sealSession(
        {
          accessKey: issued.accessKey,
          secretKey: issued.secretKey,
          sessionToken: issued.sessionToken,
          expiresAt: issued.expiresAt,
          accountName: name,
          builtinUser: true,
          region: issued.region,
        },
        ctx.options.sessionKey,
      );
      const maxAge = Math.max(1, Math.floor((issued.expiresAt - Date.now()) / 1000));
      reply.setCookie(
        SESSION_COOKIE,
        token,
        sessionCookieOptions(ctx.options.secureCookies ?? false, maxAge),
      );
      return reply.code(204).send(null);
    },
  );
}
