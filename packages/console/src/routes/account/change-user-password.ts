// SPDX-License-Identifier: Apache-2.0
import { apiPaths, changeUserPasswordRequestSchema } from '@stowage/contracts';
import { z } from 'zod';
import { ApiHttpError } from '../../errors/api-http-error.js';
import { identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * POST /api/v1/account/change-user-password (spec 2 §7): an administrator sets another user's secret
 * with `add-user`, keeping the user's status. One's own password goes through change-password, which
 * checks the current one.
 */
export function registerChangeUserPassword(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.changeUserPassword,
    {
      schema: {
        tags: ['account', 'users'],
        summary: 'Set a user’s password',
        body: changeUserPasswordRequestSchema,
        response: { 204: z.null().describe('Changed'), ...identityErrorResponses },
      },
    },
    async (request, reply) => {
      const { selectedUser, newSecretKey } = request.body;
      if (selectedUser === request.session.accountName) {
        throw new ApiHttpError(
          400,
          'Use Change Password on the account page',
          'Your own password is changed with your current password, on the Service Accounts page.',
        );
      }
      const admin = request.session.admin;
      const info = await admin.getUserInfo(selectedUser);
      await admin.addUser(selectedUser, newSecretKey, info.status);
      return reply.code(204).send(null);
    },
  );
}
