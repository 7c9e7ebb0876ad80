// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { validateWebhookTarget, webhookKeys } from './webhook-keys.js';

/** `logger_webhook[:<name>]`: the server's error log sent to HTTP endpoints (../../logging/). */
export const loggerWebhookSet: ConfigSetDef = {
  subSys: 'logger_webhook',
  description: 'send server logs to webhook endpoints',
  multipleTargets: true,
  keys: webhookKeys('logger'),
  apply: 'dynamic',
  validate: validateWebhookTarget,
};
