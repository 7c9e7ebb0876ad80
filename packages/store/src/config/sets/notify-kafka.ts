// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { NOTIFY_ENABLE_KEY, NOTIFY_QUEUE_KEYS, NOTIFY_TLS_KEYS, optionalKey, requiredKey } from './keys.js';

/** `notify_kafka:<name>`: bucket notifications produced to a Kafka topic (keys only here). */
export const notifyKafka: ConfigSetDef = {
  subSys: 'notify_kafka',
  description: 'publish bucket notifications to Kafka endpoints',
  multipleTargets: true,
  apply: 'restart',
  keys: [
    NOTIFY_ENABLE_KEY,
    requiredKey('brokers', 'comma separated list of Kafka broker addresses', 'csv'),
    optionalKey('topic', 'string', 'Kafka topic used for bucket notifications'),
    optionalKey('sasl_username', 'string', 'username for SASL/PLAIN or SASL/SCRAM authentication', '', true),
    optionalKey('sasl_password', 'string', 'password for SASL/PLAIN or SASL/SCRAM authentication', '', true),
    optionalKey('sasl_mechanism', 'string', "sasl authentication mechanism, default 'plain'", 'plain'),
    optionalKey(
      'tls_client_auth',
      'string',
      "clientAuth determines the Kafka server's policy for TLS client auth",
      '0',
    ),
    optionalKey('sasl', 'on|off', "set to 'on' to enable SASL authentication", 'off'),
    ...NOTIFY_TLS_KEYS,
    optionalKey('client_tls_cert', 'path', 'path to client certificate for mTLS auth', '', true),
    optionalKey('client_tls_key', 'path', 'path to client key for mTLS auth', '', true),
    optionalKey('version', 'string', 'specify the version of the Kafka cluster'),
    ...NOTIFY_QUEUE_KEYS,
  ],
};
