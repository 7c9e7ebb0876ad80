// SPDX-License-Identifier: Apache-2.0
import amqplib from 'amqplib';
import { Redis } from 'ioredis';
import mqtt from 'mqtt';
import mysql from 'mysql2/promise';
import { type NatsConnection, connect as natsConnect } from 'nats';
import pg from 'pg';
import { testService } from '../../../../../test-services/index.js';
import type { MariadbInfo } from '../../../../../test-services/services/mariadb.js';
import type { MosquittoInfo } from '../../../../../test-services/services/mosquitto.js';
import type { NatsInfo } from '../../../../../test-services/services/nats.js';
import type { PostgresInfo } from '../../../../../test-services/services/postgres.js';
import type { RabbitmqInfo } from '../../../../../test-services/services/rabbitmq.js';
import type { RedisInfo } from '../../../../../test-services/services/redis.js';
import { WebhookReceiver } from '../../logging/testing/webhook-receiver.js';
import { TcpProxy } from './tcp-proxy.js';

/** A message as queue-like targets send it. */
export interface EventMessage {
  EventName: string;
  Key: string;
  Records: Array<Record<string, unknown>>;
}

/**
 * One runnable target type in the tests: a real server (test-services) behind a `TcpProxy` the test
 * can cut, the store's configuration for it, and a reader of what arrived — read from the server
 * itself, not through the proxy.
 */
export interface TargetDriver {
  /** MinIO's type name (the ARN's last part). */
  readonly type: string;
  /** Whether `format` exists: namespace rows are then checked in the table/hash. */
  readonly hasFormat: boolean;
  /** Makes the server unreachable for the store (it keeps running for the reader). */
  cut(): Promise<void>;
  /** Makes it reachable again. */
  restore(): Promise<void>;
  /** `MINIO_NOTIFY_<TYPE>_<KEY>_<ID>` variables for target `id`. */
  env(id: string, format: 'namespace' | 'access', queueDir: string): Record<string, string>;
  /** Events that arrived for target `id`, in arrival order (access format for the SQL/Redis types). */
  arrived(id: string): Promise<EventMessage[]>;
  /** Namespace format: `<bucket>/<key>` → the stored record's event name. */
  namespace?(id: string): Promise<Map<string, string>>;
  close(): Promise<void>;
}

function vars(prefix: string, id: string, values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [`MINIO_NOTIFY_${prefix}_${k.toUpperCase()}_${id}`, v]),
  );
}

/** The fields of an S3 event record the drivers read. */
interface S3Record {
  eventName: string;
  s3: { bucket: { name: string }; object: { key: string } };
}

function fromRecords(doc: unknown): EventMessage {
  const records = (typeof doc === 'string' ? JSON.parse(doc) : doc) as { Records: S3Record[] };
  const r = records.Records[0]!;
  return {
    EventName: r.eventName,
    Key: `${r.s3.bucket.name}/${decodeURIComponent(r.s3.object.key)}`,
    Records: records.Records as unknown as Array<Record<string, unknown>>,
  };
}

function cutting(proxies: readonly TcpProxy[]): Pick<TargetDriver, 'cut' | 'restore'> {
  return {
    cut: async () => {
      for (const p of proxies) await p.stop();
    },
    restore: async () => {
      for (const p of proxies) await p.start();
    },
  };
}

async function proxied(host: string, port: number): Promise<TcpProxy> {
  const proxy = new TcpProxy({ host, port });
  await proxy.start();
  return proxy;
}

export async function postgresDriver(): Promise<TargetDriver> {
  const info = await testService<PostgresInfo>('postgres');
  const proxy = await proxied(info.host, info.port);
  const db = new pg.Pool({ connectionString: info.url, max: 2 });
  const table = (id: string) => `events_${id}`;
  return {
    type: 'postgresql',
    hasFormat: true,
    ...cutting([proxy]),
    env: (id, format, queueDir) =>
      vars('POSTGRES', id, {
        enable: 'on',
        connection_string: `host=127.0.0.1 port=${proxy.port} dbname=${info.database} user=${info.user} password=${info.password} sslmode=disable`,
        table: table(id),
        format,
        queue_dir: queueDir,
      }),
    async arrived(id) {
      const { rows } = await db
        .query<{ event_data: unknown }>(`SELECT event_data FROM ${table(id)} ORDER BY ctid`)
        .catch(() => ({ rows: [] as { event_data: unknown }[] }));
      return rows.map((r) => fromRecords(r.event_data));
    },
    async namespace(id) {
      const { rows } = await db
        .query<{ key: string; value: unknown }>(`SELECT key, value FROM ${table(id)}`)
        .catch(() => ({ rows: [] as { key: string; value: unknown }[] }));
      return new Map(rows.map((r) => [r.key, fromRecords(r.value).EventName]));
    },
    close: async () => {
      await proxy.stop();
      await db.end();
    },
  };
}

export async function mysqlDriver(): Promise<TargetDriver> {
  const info = await testService<MariadbInfo>('mariadb');
  const proxy = await proxied(info.host, info.port);
  const { host, port, user, password, database } = info;
  const db = mysql.createPool({ host, port, user, password, database, connectionLimit: 2 });
  const table = (id: string) => `events_${id}`;
  const rows = async <T>(sql: string): Promise<T[]> =>
    db.query(sql).then(
      ([r]) => r as T[],
      () => [] as T[],
    );
  return {
    type: 'mysql',
    hasFormat: true,
    ...cutting([proxy]),
    env: (id, format, queueDir) =>
      vars('MYSQL', id, {
        enable: 'on',
        dsn_string: `${user}:${password}@tcp(127.0.0.1:${proxy.port})/${database}`,
        table: table(id),
        format,
        queue_dir: queueDir,
      }),
    arrived: async (id) =>
      (await rows<{ event_data: unknown }>(`SELECT event_data FROM ${table(id)}`)).map((r) =>
        fromRecords(r.event_data),
      ),
    namespace: async (id) =>
      new Map(
        (await rows<{ key_name: string; value: unknown }>(`SELECT key_name, value FROM ${table(id)}`)).map(
          (r) => [r.key_name, fromRecords(r.value).EventName],
        ),
      ),
    close: async () => {
      await proxy.stop();
      await db.end();
    },
  };
}

export async function redisDriver(): Promise<TargetDriver> {
  const info = await testService<RedisInfo>('redis');
  const proxy = await proxied(info.host, info.port);
  const client = new Redis({ host: info.host, port: info.port, password: info.password });
  const key = (id: string) => `events:${id}`;
  return {
    type: 'redis',
    hasFormat: true,
    ...cutting([proxy]),
    env: (id, format, queueDir) =>
      vars('REDIS', id, {
        enable: 'on',
        address: proxy.address,
        password: info.password,
        key: key(id),
        format,
        queue_dir: queueDir,
      }),
    arrived: async (id) =>
      (await client.lrange(key(id), 0, -1)).map((s) => {
        const [entry] = JSON.parse(s) as Array<{ Event: unknown[] }>;
        return fromRecords({ Records: entry!.Event });
      }),
    namespace: async (id) =>
      new Map(Object.entries(await client.hgetall(key(id))).map(([k, v]) => [k, fromRecords(v).EventName])),
    close: async () => {
      await proxy.stop();
      client.disconnect();
    },
  };
}

/** Drivers of targets that send messages: a subscriber collects them per target id. */
function messageDriver(
  type: string,
  proxy: TcpProxy,
  env: TargetDriver['env'],
  received: Map<string, EventMessage[]>,
  close: () => Promise<void>,
): TargetDriver {
  return {
    type,
    hasFormat: false,
    ...cutting([proxy]),
    env,
    arrived: async (id) => [...(received.get(id) ?? [])],
    close: async () => {
      await proxy.stop();
      await close();
    },
  };
}

function collector(): { received: Map<string, EventMessage[]>; add(id: string, body: string): void } {
  const received = new Map<string, EventMessage[]>();
  return {
    received,
    add(id, body) {
      const list = received.get(id) ?? [];
      list.push(JSON.parse(body) as EventMessage);
      received.set(id, list);
    },
  };
}

export async function webhookDriver(ids: readonly string[]): Promise<TargetDriver> {
  const receivers = new Map<string, { receiver: WebhookReceiver; proxy: TcpProxy }>();
  for (const id of ids) {
    const receiver = new WebhookReceiver();
    await receiver.start();
    receivers.set(id, { receiver, proxy: await proxied('127.0.0.1', Number(new URL(receiver.url).port)) });
  }
  const proxies = [...receivers.values()].map((r) => r.proxy);
  return {
    type: 'webhook',
    hasFormat: false,
    ...cutting(proxies),
    env: (id, _format, queueDir) =>
      vars('WEBHOOK', id, {
        enable: 'on',
        endpoint: `http://${receivers.get(id)!.proxy.address}/webhook`,
        queue_dir: queueDir,
      }),
    arrived: async (id) => receivers.get(id)!.receiver.records as unknown as EventMessage[],
    close: async () => {
      for (const { receiver, proxy } of receivers.values()) {
        await proxy.stop();
        await receiver.stop();
      }
    },
  };
}

export async function amqpDriver(ids: readonly string[]): Promise<TargetDriver> {
  const info = await testService<RabbitmqInfo>('rabbitmq');
  const proxy = await proxied(info.host, info.port);
  const conn = await amqplib.connect(info.url);
  const ch = await conn.createChannel();
  const { received, add } = collector();
  for (const id of ids) {
    await ch.assertExchange(`events-${id}`, 'direct', { durable: false });
    const { queue } = await ch.assertQueue('', { exclusive: true });
    await ch.bindQueue(queue, `events-${id}`, 'bucket-events');
    await ch.consume(queue, (m) => m && add(id, m.content.toString()), { noAck: true });
  }
  return messageDriver(
    'amqp',
    proxy,
    (id, _format, queueDir) =>
      vars('AMQP', id, {
        enable: 'on',
        url: `amqp://${info.user}:${info.password}@${proxy.address}`,
        exchange: `events-${id}`,
        exchange_type: 'direct',
        routing_key: 'bucket-events',
        publisher_confirms: 'on',
        queue_dir: queueDir,
      }),
    received,
    () => conn.close(),
  );
}

export async function mqttDriver(ids: readonly string[]): Promise<TargetDriver> {
  const info = await testService<MosquittoInfo>('mosquitto');
  const proxy = await proxied(info.host, info.port);
  const client = await mqtt.connectAsync(info.broker);
  const { received, add } = collector();
  client.on('message', (topic, body) => add(topic.replace(/^events\//, ''), body.toString()));
  for (const id of ids) await client.subscribeAsync(`events/${id}`, { qos: 1 });
  return messageDriver(
    'mqtt',
    proxy,
    (id, _format, queueDir) =>
      vars('MQTT', id, {
        enable: 'on',
        broker: `tcp://${proxy.address}`,
        topic: `events/${id}`,
        qos: '1',
        queue_dir: queueDir,
      }),
    received,
    () => client.endAsync(),
  );
}

export async function natsDriver(ids: readonly string[]): Promise<TargetDriver> {
  const info = await testService<NatsInfo>('nats');
  const proxy = await proxied(info.host, info.port);
  const nc: NatsConnection = await natsConnect({
    servers: info.address,
    user: info.user,
    pass: info.password,
  });
  const { received, add } = collector();
  for (const id of ids) {
    nc.subscribe(`events.${id}`, { callback: (_err, m) => add(id, new TextDecoder().decode(m.data)) });
  }
  await nc.flush();
  return messageDriver(
    'nats',
    proxy,
    (id, _format, queueDir) =>
      vars('NATS', id, {
        enable: 'on',
        address: proxy.address,
        subject: `events.${id}`,
        username: info.user,
        password: info.password,
        queue_dir: queueDir,
      }),
    received,
    () => nc.close(),
  );
}
