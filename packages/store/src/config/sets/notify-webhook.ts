// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { NOTIFY_ENABLE_KEY, NOTIFY_QUEUE_KEYS, optionalKey, requiredKey } from './keys.js';

/** `notify_webhook:<name>`: bucket notifications POSTed to an HTTP endpoint (keys only here). */
export const notifyWebhook: ConfigSetDef = {
  subSys: 'notify_webhook',
  description: 'publish bucket notifications to webhook endpoints',
  multipleTargets: true,
  apply: 'restart',
  keys: [
    NOTIFY_ENABLE_KEY,
    requiredKey('endpoint', 'webhook server endpoint e.g. http://localhost:8080/minio/events', 'url', true),
    optionalKey('auth_token', 'string', 'opaque string or JWT authorization token', '', true),
    ...NOTIFY_QUEUE_KEYS,
    optionalKey('client_cert', 'string', 'client cert for Webhook mTLS auth', '', true),
    optionalKey('client_key', 'string', 'client cert key for Webhook mTLS auth', '', true),
  ],
};
