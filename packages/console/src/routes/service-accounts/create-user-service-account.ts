// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  createServiceAccountCredentialsRequestSchema,
  createServiceAccountRequestSchema,
  type ServiceAccountCredentials,
  serviceAccountCredentialsSchema,
  userParamsSchema,
} from '@stowage/contracts';
import type { MadminClient } from '@stowage/madmin';
import { ApiHttpError } from '../../errors/api-http-error.js';
import { identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readUser } from '../users/user-view.js';
import { optionalPolicy } from './service-account-policy.js';

/** Spec 2 §6: a service account for a user needs that user to have a policy (own or through a group). */
async function requirePolicy(admin: MadminClient, user: string): Promise<void> {
  if ((await readUser(admin, user)).hasPolicy) return;
  throw new ApiHttpError(
    400,
    'The user has no policy',
    `${user} has no policy of their own or through a group; assign one before creating service accounts.`,
  );
}

/**
 * POST /api/v1/user/{user}/service-accounts and …/service-account-credentials (spec 2 §7): an
 * administrator makes a service account owned by another user (`targetUser`, PROTOCOL-NOTES §2).
 */
export function registerCreateUserServiceAccount(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.userServiceAccounts,
    {
      schema: {
        tags: ['service-accounts'],
        summary: 'Create a service account for a user',
        params: userParamsSchema,
        body: createServiceAccountRequestSchema,
        response: { 201: serviceAccountCredentialsSchema, ...identityErrorResponses },
      },
    },
    async (request, reply) => {
      const admin = request.session.admin;
      await requirePolicy(admin, request.params.user);
      const creds = await admin.addServiceAccount({
        targetUser: request.params.user,
        policy: optionalPolicy(request.body.policy),
      });
      const out: ServiceAccountCredentials = { accessKey: creds.accessKey, secretKey: creds.secretKey };
      return reply.code(201).send(out);
    },
  );
  app.post(
    apiPaths.userServiceAccountCredentials,
    {
      schema: {
        tags: ['service-accounts'],
        summary: 'Create a service account for a user with chosen keys',
        params: userParamsSchema,
        body: createServiceAccountCredentialsRequestSchema,
        response: { 201: serviceAccountCredentialsSchema, ...identityErrorResponses },
      },
    },
    async (request, reply) => {
      const admin = request.session.admin;
      await requirePolicy(admin, request.params.user);
      const { policy, accessKey, secretKey } = request.body;
      const creds = await admin.addServiceAccount({
        targetUser: request.params.user,
        policy: optionalPolicy(policy),
        accessKey,
        secretKey,
      });
      const out: ServiceAccountCredentials = { accessKey: creds.accessKey, secretKey: creds.secretKey };
      return reply.code(201).send(out);
    },
  );
}
