// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { validateWebhookTarget, webhookKeys } from './webhook-keys.js';

/** `audit_webhook[:<name>]`: one audit record per S3, admin and STS request sent to HTTP endpoints. */
export const auditWebhookSet: ConfigSetDef = {
  subSys: 'audit_webhook',
  description: 'send audit logs to webhook endpoints',
  multipleTargets: true,
  keys: webhookKeys('audit'),
  apply: 'dynamic',
  validate: validateWebhookTarget,
};
