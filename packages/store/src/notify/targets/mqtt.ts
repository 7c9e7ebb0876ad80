// SPDX-License-Identifier: Apache-2.0
import mqttClient from 'mqtt';
import { eventMessage, lazyConnection, type TargetModule, withTimeout } from '../target.js';

/**
 * `notify_mqtt`: each event published as JSON to `topic` with `qos` (1 or 2: delivered once the
 * broker acknowledges it; 0: once written to the connection).
 */
export const mqtt: TargetModule = {
  atomicBatch: false,
  validate(v) {
    if (!v.broker) return "'broker' is required";
    if (!v.topic) return "'topic' is required";
    if (!['0', '1', '2'].includes(v.qos || '0')) return "'qos' must be 0, 1 or 2";
    return undefined;
  },
  open(v) {
    const qos = Number(v.qos || '0') as 0 | 1 | 2;
    const conn = lazyConnection(
      async () => {
        const client = await mqttClient.connectAsync(v.broker ?? '', {
          ...(v.username ? { username: v.username } : {}),
          ...(v.password ? { password: v.password } : {}),
          reconnectPeriod: 0,
          connectTimeout: 5000,
          queueQoSZero: false,
        });
        client.on('error', () => undefined);
        return client;
      },
      (c) => c.endAsync(true),
    );
    return {
      send: (events) =>
        conn.with(async (client) => {
          if (!client.connected) throw new Error(`not connected to ${v.broker}`);
          for (const e of events) {
            await withTimeout(
              client.publishAsync(v.topic ?? '', eventMessage(e), { qos }),
              5000,
              'MQTT publish',
            );
          }
        }),
      probe: () =>
        conn.with(async (client) => {
          if (!client.connected) throw new Error(`not connected to ${v.broker}`);
        }),
      close: () => conn.reset(),
    };
  },
};
