// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  createServiceAccountCredentialsRequestSchema,
  createServiceAccountRequestSchema,
  type ServiceAccountCredentials,
  serviceAccountCredentialsSchema,
} from '@stowage/contracts';
import { identityErrorResponses } from '../identity-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { optionalPolicy } from './service-account-policy.js';

/**
 * POST /api/v1/service-accounts (generated keys) and POST /api/v1/service-account-credentials (custom
 * keys) for the signed-in user (spec 2 §7). The secret is in this answer only (spec 2 §4).
 */
export function registerCreateServiceAccount(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.serviceAccounts,
    {
      schema: {
        tags: ['service-accounts'],
        summary: 'Create a service account for myself',
        body: createServiceAccountRequestSchema,
        response: { 201: serviceAccountCredentialsSchema, ...identityErrorResponses },
      },
    },
    async (request, reply) => {
      const creds = await request.session.admin.addServiceAccount({
        policy: optionalPolicy(request.body.policy),
      });
      const out: ServiceAccountCredentials = { accessKey: creds.accessKey, secretKey: creds.secretKey };
      return reply.code(201).send(out);
    },
  );
  app.post(
    apiPaths.serviceAccountCredentials,
    {
      schema: {
        tags: ['service-accounts'],
        summary: 'Create a service account for myself with chosen keys',
        body: createServiceAccountCredentialsRequestSchema,
        response: { 201: serviceAccountCredentialsSchema, ...identityErrorResponses },
      },
    },
    async (request, reply) => {
      const { policy, accessKey, secretKey } = request.body;
      const creds = await request.session.admin.addServiceAccount({
        policy: optionalPolicy(policy),
        accessKey,
        secretKey,
      });
      const out: ServiceAccountCredentials = { accessKey: creds.accessKey, secretKey: creds.secretKey };
      return reply.code(201).send(out);
    },
  );
}
