// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { NOTIFY_ENABLE_KEY, NOTIFY_QUEUE_KEYS, optionalKey, requiredKey } from './keys.js';

/** `notify_amqp:<name>`: bucket notifications published to an AMQP 0-9-1 exchange (keys only here). */
export const notifyAmqp: ConfigSetDef = {
  subSys: 'notify_amqp',
  description: 'publish bucket notifications to AMQP endpoints',
  multipleTargets: true,
  apply: 'restart',
  keys: [
    NOTIFY_ENABLE_KEY,
    requiredKey('url', 'AMQP server endpoint e.g. `amqp://myuser:mypassword@localhost:5672`', 'url', true),
    optionalKey('exchange', 'string', 'name of the AMQP exchange'),
    optionalKey('exchange_type', 'string', 'AMQP exchange type'),
    optionalKey('routing_key', 'string', 'routing key for publishing', '', true),
    optionalKey(
      'mandatory',
      'on|off',
      "quietly ignore undelivered messages when set to 'off', default is 'on'",
      'off',
    ),
    optionalKey(
      'durable',
      'on|off',
      "persist queue across broker restarts when set to 'on', default is 'off'",
      'off',
    ),
    optionalKey(
      'no_wait',
      'on|off',
      "non-blocking message delivery when set to 'on', default is 'off'",
      'off',
    ),
    optionalKey(
      'internal',
      'on|off',
      "set to 'on' for exchange to be not used directly by publishers, but only when bound to other exchanges",
      'off',
    ),
    optionalKey(
      'auto_deleted',
      'on|off',
      "auto delete queue when set to 'on', when there are no consumers",
      'off',
    ),
    optionalKey('delivery_mode', 'number', "set to '1' for non-persistent or '2' for persistent queue", '0'),
    optionalKey(
      'publisher_confirms',
      'on|off',
      'enable consumer acknowledgement and publisher confirms, use this along with queue_dir for guaranteed delivery of all events',
      'off',
    ),
    ...NOTIFY_QUEUE_KEYS,
  ],
};
