// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import {
  NOTIFY_ENABLE_KEY,
  NOTIFY_FORMAT_KEY,
  NOTIFY_QUEUE_KEYS,
  optionalKey,
  requiredKey,
  SQL_MAX_OPEN_CONNECTIONS_KEY,
} from './keys.js';

/** `notify_mysql:<name>`: bucket notifications stored in a MySQL table (keys only here). */
export const notifyMysql: ConfigSetDef = {
  subSys: 'notify_mysql',
  description: 'publish bucket notifications to MySQL databases',
  multipleTargets: true,
  apply: 'restart',
  keys: [
    NOTIFY_ENABLE_KEY,
    optionalKey(
      'dsn_string',
      'string',
      'MySQL data-source-name connection string e.g. "<user>:<password>@tcp(<host>:<port>)/<database>"',
      '',
      true,
    ),
    requiredKey('table', 'DB table name to store/update events, table is auto-created'),
    NOTIFY_FORMAT_KEY,
    ...NOTIFY_QUEUE_KEYS,
    SQL_MAX_OPEN_CONNECTIONS_KEY,
  ],
};
