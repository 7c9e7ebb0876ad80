// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { NOTIFY_ENABLE_KEY, NOTIFY_QUEUE_KEYS, optionalKey, requiredKey } from './keys.js';

/** `notify_mqtt:<name>`: bucket notifications published to an MQTT broker (keys only here). */
export const notifyMqtt: ConfigSetDef = {
  subSys: 'notify_mqtt',
  description: 'publish bucket notifications to MQTT endpoints',
  multipleTargets: true,
  apply: 'restart',
  keys: [
    NOTIFY_ENABLE_KEY,
    requiredKey('broker', 'MQTT server endpoint e.g. `tcp://localhost:1883`', 'uri', true),
    requiredKey('topic', 'name of the MQTT topic to publish'),
    optionalKey('username', 'string', 'MQTT username', '', true),
    optionalKey('password', 'string', 'MQTT password', '', true),
    optionalKey('qos', 'number', "set the quality of service priority, defaults to '0'", '0'),
    optionalKey(
      'keep_alive_interval',
      'duration',
      'keep-alive interval for MQTT connections in s,m,h,d',
      '0s',
    ),
    optionalKey('reconnect_interval', 'duration', 'reconnect interval for MQTT connections in s,m,h,d', '0s'),
    ...NOTIFY_QUEUE_KEYS,
  ],
};
