// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { NOTIFY_ENABLE_KEY, NOTIFY_FORMAT_KEY, NOTIFY_QUEUE_KEYS, optionalKey, requiredKey } from './keys.js';

/** `notify_redis:<name>`: bucket notifications stored under a Redis key (keys only here). */
export const notifyRedis: ConfigSetDef = {
  subSys: 'notify_redis',
  description: 'publish bucket notifications to Redis datastores',
  multipleTargets: true,
  apply: 'restart',
  keys: [
    NOTIFY_ENABLE_KEY,
    requiredKey('address', "Redis server's address. For example: `localhost:6379`", 'address', true),
    requiredKey('key', 'Redis key to store/update events, key is auto-created', 'string', true),
    NOTIFY_FORMAT_KEY,
    optionalKey('password', 'string', 'Redis server password', '', true),
    ...NOTIFY_QUEUE_KEYS,
  ],
};
