// SPDX-License-Identifier: Apache-2.0
import amqplib from 'amqplib';
import { Redis } from 'ioredis';
import mqtt from 'mqtt';
import mysql from 'mysql2/promise';
import { connect as natsConnect } from 'nats';
import { describe, expect, it } from 'vitest';
import { testService } from '../index.js';
import type { MariadbInfo } from './mariadb.js';
import type { MosquittoInfo } from './mosquitto.js';
import type { NatsInfo } from './nats.js';
import type { RabbitmqInfo } from './rabbitmq.js';
import type { RedisInfo } from './redis.js';

// Each starter's server answers its official client with the credentials the starter hands out.

describe('message and database servers of test-services', () => {
  it('mariadb: the stowage user owns its database', async () => {
    const info = await testService<MariadbInfo>('mariadb');
    const { host, port, user, password, database } = info;
    const conn = await mysql.createConnection({ host, port, user, password, database });
    try {
      const [rows] = await conn.query('SELECT DATABASE() AS db, CURRENT_USER() AS who');
      expect(rows).toEqual([{ db: 'stowage', who: 'stowage@%' }]);
    } finally {
      await conn.end();
    }
  });

  it('redis: commands need the password', async () => {
    const info = await testService<RedisInfo>('redis');
    const client = new Redis({
      host: info.host,
      port: info.port,
      password: info.password,
      lazyConnect: true,
    });
    await client.connect();
    expect(await client.ping()).toBe('PONG');
    client.disconnect();
    const anonymous = new Redis({
      host: info.host,
      port: info.port,
      lazyConnect: true,
      enableReadyCheck: false,
      retryStrategy: () => null,
    });
    const errors: string[] = [];
    anonymous.on('error', (e: Error) => errors.push(e.message));
    await expect(anonymous.connect().then(() => anonymous.get('x'))).rejects.toThrow();
    expect(errors.join('\n')).toMatch(/NOAUTH/);
    anonymous.disconnect();
  });

  it('mosquitto: a message published on a topic reaches its subscriber', async () => {
    const info = await testService<MosquittoInfo>('mosquitto');
    const client = await mqtt.connectAsync(info.broker);
    try {
      await client.subscribeAsync('probe/topic', { qos: 1 });
      const got = new Promise<string>((resolve) => client.once('message', (_t, m) => resolve(m.toString())));
      await client.publishAsync('probe/topic', 'hello', { qos: 1 });
      expect(await got).toBe('hello');
    } finally {
      await client.endAsync();
    }
  });

  it('rabbitmq: a message sent to a queue can be read back', async () => {
    const info = await testService<RabbitmqInfo>('rabbitmq');
    const conn = await amqplib.connect(info.url);
    try {
      const ch = await conn.createChannel();
      const { queue } = await ch.assertQueue('', { exclusive: true });
      ch.sendToQueue(queue, Buffer.from('hello'));
      let msg: amqplib.GetMessage | false = false;
      for (let i = 0; i < 50 && !msg; i++) {
        msg = await ch.get(queue, { noAck: true });
        if (!msg) await new Promise((r) => setTimeout(r, 20));
      }
      expect(msg ? msg.content.toString() : undefined).toBe('hello');
    } finally {
      await conn.close();
    }
  });

  it('nats: needs the user and password, and relays a published message', async () => {
    const info = await testService<NatsInfo>('nats');
    await expect(natsConnect({ servers: info.address, reconnect: false })).rejects.toThrow(/Authorization/i);
    const nc = await natsConnect({ servers: info.address, user: info.user, pass: info.password });
    try {
      const sub = nc.subscribe('probe');
      nc.publish('probe', 'hello');
      for await (const m of sub) {
        expect(new TextDecoder().decode(m.data)).toBe('hello');
        break;
      }
    } finally {
      await nc.close();
    }
  });
});
