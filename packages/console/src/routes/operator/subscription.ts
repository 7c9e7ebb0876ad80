// SPDX-License-Identifier: Apache-2.0
import { apiPaths, subscriptionValidateRequestSchema } from '@stowage/contracts';
import { apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { operatorErrors } from './operator-route.js';

const offline = () =>
  apiErrors.notProvided(
    'SUBNET is not available',
    'This operator runs tenants on this machine under the open-source licence (AGPL v3); it does not reach SUBNET to activate or refresh a commercial licence.',
  );

/**
 * Subscription (spec 3 §7): the local operator has no SUBNET connection, so there is no subscription
 * (the License page shows the Community plan) and activation answers 501 with the reason.
 */
export function registerSubscriptionRoutes(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.subscriptionInfo,
    { schema: { tags: ['operator'], summary: 'Subscription info', response: operatorErrors } },
    async () => {
      throw apiErrors.notFound('There is no subscription: tenants run under the open-source licence.');
    },
  );
  for (const path of [apiPaths.subscriptionRefresh, apiPaths.subscriptionActivate]) {
    app.post(
      path,
      { schema: { tags: ['operator'], summary: 'Subscription (SUBNET)', response: operatorErrors } },
      async () => {
        throw offline();
      },
    );
  }
  app.post(
    apiPaths.subscriptionValidate,
    {
      schema: {
        tags: ['operator'],
        summary: 'Validate a licence',
        body: subscriptionValidateRequestSchema,
        response: operatorErrors,
      },
    },
    async () => {
      throw offline();
    },
  );
}
