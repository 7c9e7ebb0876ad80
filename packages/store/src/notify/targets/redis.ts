// SPDX-License-Identifier: Apache-2.0
import { Redis } from 'ioredis';
import {
  formatOf,
  hostPort,
  isRemoval,
  lazyConnection,
  recordsDocument,
  type TargetModule,
} from '../target.js';

/**
 * `notify_redis`: namespace format keeps a hash at `key` with one field per object (`<bucket>/<object>`
 * → `{"Records":[…]}`, removed with the object); access format appends `[{"Event":[record],
 * "EventTime":…}]` to the list at `key`. A batch is one MULTI/EXEC transaction.
 */
export const redis: TargetModule = {
  atomicBatch: true,
  validate(v) {
    if (!v.address) return "'address' is required";
    if (!v.key) return "'key' is required";
    return undefined;
  },
  open(v) {
    const { host, port } = hostPort(v.address ?? '', 6379);
    const key = v.key ?? '';
    const format = formatOf(v);
    const conn = lazyConnection(
      async () => {
        const client = new Redis({
          host,
          port,
          ...(v.password ? { password: v.password } : {}),
          lazyConnect: true,
          enableOfflineQueue: false,
          retryStrategy: () => null,
          connectTimeout: 5000,
          maxRetriesPerRequest: 0,
        });
        client.on('error', () => undefined);
        await client.connect();
        return client;
      },
      (c) => c.disconnect(),
    );
    return {
      send: (events) =>
        conn.with(async (client) => {
          const tx = client.multi();
          for (const e of events) {
            if (format === 'access') {
              tx.rpush(key, JSON.stringify([{ Event: [e.record], EventTime: e.record.eventTime }]));
            } else if (isRemoval(e.eventName)) tx.hdel(key, e.key);
            else tx.hset(key, e.key, recordsDocument(e));
          }
          const results = await tx.exec();
          const failed = results?.find(([err]) => err);
          if (!results || failed) throw failed?.[0] ?? new Error('the Redis transaction was discarded');
        }),
      probe: () => conn.with(async (client) => void (await client.ping())),
      close: () => conn.reset(),
    };
  },
};
