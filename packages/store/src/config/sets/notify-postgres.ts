// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import {
  NOTIFY_ENABLE_KEY,
  NOTIFY_FORMAT_KEY,
  NOTIFY_QUEUE_KEYS,
  requiredKey,
  SQL_MAX_OPEN_CONNECTIONS_KEY,
} from './keys.js';

/** `notify_postgres:<name>`: bucket notifications stored in a PostgreSQL table (keys only here). */
export const notifyPostgres: ConfigSetDef = {
  subSys: 'notify_postgres',
  description: 'publish bucket notifications to Postgres databases',
  multipleTargets: true,
  apply: 'restart',
  keys: [
    NOTIFY_ENABLE_KEY,
    requiredKey(
      'connection_string',
      'Postgres server connection-string e.g. "host=localhost port=5432 dbname=minio_events user=postgres password=password sslmode=disable"',
      'string',
      true,
    ),
    requiredKey('table', 'DB table name to store/update events, table is auto-created'),
    NOTIFY_FORMAT_KEY,
    ...NOTIFY_QUEUE_KEYS,
    SQL_MAX_OPEN_CONNECTIONS_KEY,
  ],
};
