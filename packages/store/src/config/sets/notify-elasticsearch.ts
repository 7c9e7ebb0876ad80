// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { NOTIFY_ENABLE_KEY, NOTIFY_FORMAT_KEY, NOTIFY_QUEUE_KEYS, optionalKey, requiredKey } from './keys.js';

/** `notify_elasticsearch:<name>`: bucket notifications indexed in Elasticsearch (keys only here). */
export const notifyElasticsearch: ConfigSetDef = {
  subSys: 'notify_elasticsearch',
  description: 'publish bucket notifications to Elasticsearch endpoints',
  multipleTargets: true,
  apply: 'restart',
  keys: [
    NOTIFY_ENABLE_KEY,
    requiredKey('url', "Elasticsearch server's address, with optional authentication info", 'url', true),
    requiredKey('index', 'Elasticsearch index to store/update events, index is auto-created'),
    NOTIFY_FORMAT_KEY,
    ...NOTIFY_QUEUE_KEYS,
    optionalKey('username', 'string', 'username for Elasticsearch basic-auth', '', true),
    optionalKey('password', 'string', 'password for Elasticsearch basic-auth', '', true),
  ],
};
