// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { formatOf, isRemoval, type TargetModule } from '../target.js';

/**
 * `notify_elasticsearch`: namespace format keeps one document per object in `index` (id: the SHA-256
 * of `<bucket>/<object>`, deleted with the object); access format adds one document per event. The
 * index is created on first write.
 */
export const elasticsearch: TargetModule = {
  atomicBatch: false,
  validate(v) {
    if (!/^https?:\/\//.test(v.url ?? '')) return "'url' must be an http(s) URL";
    if (!v.index) return "'index' is required";
    return undefined;
  },
  open(v) {
    const client = new Client({
      node: v.url ?? '',
      requestTimeout: 5000,
      maxRetries: 0,
      ...(v.username ? { auth: { username: v.username, password: v.password ?? '' } } : {}),
    });
    const index = v.index ?? '';
    const format = formatOf(v);
    return {
      async send(events) {
        for (const e of events) {
          const document = { Records: [e.record] };
          if (format === 'access') {
            await client.index({ index, document, refresh: false });
            continue;
          }
          const id = createHash('sha256').update(e.key).digest('hex');
          if (isRemoval(e.eventName)) await client.delete({ index, id }, { ignore: [404] });
          else await client.index({ index, id, document });
        }
      },
      async probe() {
        await client.ping();
      },
      close: () => client.close(),
    };
  },
};
