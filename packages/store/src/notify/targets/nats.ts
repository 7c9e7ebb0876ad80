// SPDX-License-Identifier: Apache-2.0
import { connect, type NatsConnection } from 'nats';
import { eventMessage, lazyConnection, type TargetModule, withTimeout } from '../target.js';

/**
 * `notify_nats`: each event published as JSON on `subject`; it counts as delivered once the server
 * has answered a flush after it.
 */
export const nats: TargetModule = {
  atomicBatch: false,
  validate(v) {
    if (!v.address) return "'address' is required";
    if (!v.subject) return "'subject' is required";
    return undefined;
  },
  open(v) {
    const conn = lazyConnection<NatsConnection>(
      () =>
        connect({
          servers: v.address ?? '',
          ...(v.username ? { user: v.username, pass: v.password ?? '' } : {}),
          ...(v.token ? { token: v.token } : {}),
          reconnect: false,
          timeout: 5000,
        }),
      (c) => c.close(),
    );
    const live = (c: NatsConnection): void => {
      if (c.isClosed()) throw new Error(`the connection to ${v.address} is closed`);
    };
    return {
      send: (events) =>
        conn.with(async (c) => {
          live(c);
          for (const e of events) c.publish(v.subject ?? '', eventMessage(e));
          await withTimeout(c.flush(), 5000, 'NATS flush');
        }),
      probe: () =>
        conn.with(async (c) => {
          live(c);
          await withTimeout(c.flush(), 5000, 'NATS flush');
        }),
      close: () => conn.reset(),
    };
  },
};
