// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerCreateWebhook } from './create-webhook.js';
import { registerDeleteWebhook } from './delete-webhook.js';
import { registerListWebhooks } from './list-webhooks.js';
import { registerUpdateWebhook } from './update-webhook.js';

/** The calls of /webhook/logger and /webhook/audit (spec 2 "Webhook configuration pages"). */
export function registerWebhookRoutes(app: ZodApp, ctx: RouteContext): void {
  registerListWebhooks(app, ctx);
  registerCreateWebhook(app, ctx);
  registerUpdateWebhook(app, ctx);
  registerDeleteWebhook(app, ctx);
}
