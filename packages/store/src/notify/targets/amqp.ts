// SPDX-License-Identifier: Apache-2.0
import amqplib from 'amqplib';
import { isOn } from '../../config/registry.js';
import { eventMessage, lazyConnection, type TargetModule } from '../target.js';

/**
 * `notify_amqp`: each event published as JSON to `exchange` (declared with `exchange_type`,
 * `durable`, `internal`, `auto_deleted` when named) with `routing_key`. With `publisher_confirms` an
 * event counts as delivered once the broker confirms it.
 */
export const amqp: TargetModule = {
  atomicBatch: false,
  validate(v) {
    if (!/^amqps?:\/\//.test(v.url ?? '')) return "'url' must be an amqp:// or amqps:// URL";
    return undefined;
  },
  open(v) {
    const confirms = isOn(v.publisher_confirms);
    const exchange = v.exchange ?? '';
    const conn = lazyConnection(
      async () => {
        const connection = await amqplib.connect(v.url ?? '', { timeout: 5000 });
        connection.on('error', () => undefined);
        const channel = confirms ? await connection.createConfirmChannel() : await connection.createChannel();
        channel.on('error', () => undefined);
        if (exchange) {
          await channel.assertExchange(exchange, v.exchange_type || 'direct', {
            durable: isOn(v.durable),
            internal: isOn(v.internal),
            autoDelete: isOn(v.auto_deleted),
          });
        }
        let closed = false;
        connection.on('close', () => {
          closed = true;
        });
        return { connection, channel, isClosed: () => closed };
      },
      (c) => c.connection.close(),
    );
    return {
      send: (events) =>
        conn.with(async (c) => {
          if (c.isClosed()) throw new Error('the AMQP connection is closed');
          for (const e of events) {
            const options = {
              contentType: 'application/json',
              mandatory: isOn(v.mandatory),
              ...(Number(v.delivery_mode) > 0 ? { deliveryMode: Number(v.delivery_mode) } : {}),
            };
            const body = Buffer.from(eventMessage(e));
            if (confirms) {
              await new Promise<void>((resolve, reject) => {
                (c.channel as amqplib.ConfirmChannel).publish(
                  exchange,
                  v.routing_key ?? '',
                  body,
                  options,
                  (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
                );
              });
            } else {
              c.channel.publish(exchange, v.routing_key ?? '', body, options);
            }
          }
        }),
      probe: () =>
        conn.with(async (c) => {
          if (c.isClosed()) throw new Error('the AMQP connection is closed');
        }),
      close: () => conn.reset(),
    };
  },
};
