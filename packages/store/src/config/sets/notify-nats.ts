// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { NOTIFY_ENABLE_KEY, NOTIFY_QUEUE_KEYS, NOTIFY_TLS_KEYS, optionalKey, requiredKey } from './keys.js';

/** `notify_nats:<name>`: bucket notifications published on a NATS subject (keys only here). */
export const notifyNats: ConfigSetDef = {
  subSys: 'notify_nats',
  description: 'publish bucket notifications to NATS endpoints',
  multipleTargets: true,
  apply: 'restart',
  keys: [
    NOTIFY_ENABLE_KEY,
    requiredKey('address', "NATS server address e.g. '0.0.0.0:4222'", 'address', true),
    requiredKey('subject', 'NATS subscription subject'),
    optionalKey('username', 'string', 'NATS username', '', true),
    optionalKey('password', 'string', 'NATS password', '', true),
    optionalKey('token', 'string', 'NATS token', '', true),
    ...NOTIFY_TLS_KEYS,
    optionalKey(
      'ping_interval',
      'duration',
      'client ping commands interval in s,m,h,d. Disabled by default',
      '0',
    ),
    optionalKey('streaming', 'on|off', "set to 'on', to use streaming NATS server", 'off'),
    optionalKey('streaming_async', 'on|off', "set to 'on', to enable asynchronous publish", 'off'),
    optionalKey(
      'streaming_max_pub_acks_in_flight',
      'number',
      'number of messages to publish without waiting for ACKs',
      '0',
    ),
    optionalKey('streaming_cluster_id', 'string', 'unique ID for NATS streaming cluster'),
    optionalKey('cert_authority', 'string', 'path to certificate chain of the target NATS server', '', true),
    optionalKey('client_cert', 'string', 'client cert for NATS mTLS auth', '', true),
    optionalKey('client_key', 'string', 'client cert key for NATS mTLS auth', '', true),
    ...NOTIFY_QUEUE_KEYS,
  ],
};
