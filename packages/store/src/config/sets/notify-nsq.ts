// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { NOTIFY_ENABLE_KEY, NOTIFY_QUEUE_KEYS, NOTIFY_TLS_KEYS, requiredKey } from './keys.js';

/** `notify_nsq:<name>`: bucket notifications published to an NSQ topic (keys only here). */
export const notifyNsq: ConfigSetDef = {
  subSys: 'notify_nsq',
  description: 'publish bucket notifications to NSQ endpoints',
  multipleTargets: true,
  apply: 'restart',
  keys: [
    NOTIFY_ENABLE_KEY,
    requiredKey('nsqd_address', "NSQ server address e.g. '127.0.0.1:4150'", 'address', true),
    requiredKey('topic', 'NSQ topic'),
    ...NOTIFY_TLS_KEYS,
    ...NOTIFY_QUEUE_KEYS,
  ],
};
