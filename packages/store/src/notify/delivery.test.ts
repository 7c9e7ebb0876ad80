// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Client, NotificationConfig, QueueConfig } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForAsync } from '../logging/testing/webhook-receiver.js';
import type { StoreHandle } from '../server.js';
import { openNotifyStore, ROOT_USER, rootS3 } from './testing/notify-store.js';
import {
  amqpDriver,
  type EventMessage,
  mqttDriver,
  mysqlDriver,
  natsDriver,
  postgresDriver,
  redisDriver,
  type TargetDriver,
  webhookDriver,
} from './testing/target-drivers.js';

// Bucket notifications delivered by a real store (temp drives) to real servers (test-services), each
// behind a TCP proxy the test cuts to play an outage. Target `ns` (namespace format where the type has
// one, no queue_dir) gets PUT/GET/DELETE of one object; target `q` (access format, queue_dir) gets 200
// uploads made while it is unreachable, across a store restart.

const IDS = ['ns', 'q'];

const DRIVERS: Array<[string, () => Promise<TargetDriver>]> = [
  ['webhook', () => webhookDriver(IDS)],
  ['postgresql', postgresDriver],
  ['mysql', mysqlDriver],
  ['redis', redisDriver],
  ['amqp', () => amqpDriver(IDS)],
  ['mqtt', () => mqttDriver(IDS)],
  ['nats', () => natsDriver(IDS)],
];

async function subscribe(client: Client, bucket: string, arn: string, events: string[]): Promise<void> {
  const config = new NotificationConfig();
  const queue = new QueueConfig(arn);
  for (const e of events) queue.addEvent(e);
  config.add(queue);
  await client.setBucketNotification(bucket, config);
}

/** Waits until `read` returns at least `count` items; returns them. */
async function atLeast<T>(read: () => Promise<T[]>, count: number, what: string): Promise<T[]> {
  let last: T[] = [];
  await waitForAsync(async () => {
    last = await read();
    return last.length >= count;
  }, what);
  return last;
}

describe.each(DRIVERS)('notifications to a %s target', (type, make) => {
  let driver: TargetDriver;
  let dataDir: string;
  let queueDir: string;
  let store: StoreHandle;
  let env: Record<string, string>;

  const open = (): Promise<StoreHandle> => openNotifyStore(dataDir, env);

  beforeAll(async () => {
    driver = await make();
    dataDir = await mkdtemp(path.join(tmpdir(), `stowage-notify-${type}-`));
    queueDir = await mkdtemp(path.join(tmpdir(), `stowage-notify-queue-${type}-`));
    env = { ...driver.env('ns', 'namespace', ''), ...driver.env('q', 'access', queueDir) };
    store = await open();
  });

  afterAll(async () => {
    await store?.close();
    await driver?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(queueDir, { recursive: true, force: true });
  });

  it('delivers PUT, GET and DELETE of an object as S3 event records', async () => {
    const client = rootS3(store);
    await client.makeBucket('photos');
    await subscribe(client, 'photos', `arn:minio:sqs:us-east-1:ns:${type}`, [
      's3:ObjectCreated:*',
      's3:ObjectAccessed:*',
      's3:ObjectRemoved:*',
    ]);
    const body = Buffer.from('a picture of a cat');
    const md5 = createHash('md5').update(body).digest('hex');
    const key = 'cats/tabby cat.jpg';
    await client.putObject('photos', key, body, body.length, { 'Content-Type': 'image/jpeg' });

    if (driver.namespace) {
      const rows = await atLeast(async () => [...(await driver.namespace!('ns'))], 1, 'the namespace row');
      expect(rows).toEqual([[`photos/${key}`, 's3:ObjectCreated:Put']]);
    }
    await (await client.getObject('photos', key)).resume();
    if (driver.namespace) {
      await waitForAsync(
        async () => (await driver.namespace!('ns')).get(`photos/${key}`) === 's3:ObjectAccessed:Get',
        'the row to follow the GET',
      );
    }
    await client.removeObject('photos', key);
    if (driver.namespace) {
      await waitForAsync(
        async () => (await driver.namespace!('ns')).size === 0,
        'the row to go with the object',
      );
      return;
    }
    const messages = await atLeast(() => driver.arrived('ns'), 3, 'three events');
    expect(messages.map((m) => [m.EventName, m.Key])).toEqual([
      ['s3:ObjectCreated:Put', `photos/${key}`],
      ['s3:ObjectAccessed:Get', `photos/${key}`],
      ['s3:ObjectRemoved:Delete', `photos/${key}`],
    ]);
    const put = messages[0]!.Records[0] as {
      s3: { object: { sequencer: string }; configurationId: string };
    };
    expect(put).toMatchObject({
      eventVersion: '2.0',
      eventSource: 'minio:s3',
      awsRegion: 'us-east-1',
      eventName: 's3:ObjectCreated:Put',
      userIdentity: { principalId: ROOT_USER },
      requestParameters: { sourceIPAddress: '127.0.0.1' },
      s3: {
        bucket: { name: 'photos', arn: 'arn:aws:s3:::photos' },
        object: { key: 'cats/tabby%20cat.jpg', size: body.length, eTag: md5, contentType: 'image/jpeg' },
      },
      source: { host: '127.0.0.1' },
    });
    expect(put.s3.object.sequencer).toMatch(/^[0-9A-F]+$/);
    expect(put.s3.configurationId).toBeTruthy();
  });

  it('keeps 200 uploads made while the target is down across a store restart, then delivers each once, in order', async () => {
    let client = rootS3(store);
    await client.makeBucket('outage');
    await subscribe(client, 'outage', `arn:minio:sqs:us-east-1:q:${type}`, ['s3:ObjectCreated:Put']);
    await driver.cut();
    const keys = Array.from({ length: 200 }, (_, i) => `o-${String(i).padStart(3, '0')}`);
    for (const k of keys) await client.putObject('outage', k, Buffer.from(k));
    await store.close();
    store = await open();
    client = rootS3(store);
    expect(await driver.arrived('q')).toEqual([]);
    await driver.restore();
    await atLeast(() => driver.arrived('q'), keys.length, 'all 200 events');
    // Anything sent twice would arrive right behind the rest.
    await new Promise((r) => setTimeout(r, 300));
    const arrived: EventMessage[] = await driver.arrived('q');
    expect(arrived.map((m) => m.Key)).toEqual(keys.map((k) => `outage/${k}`));
    expect(new Set(arrived.map((m) => m.EventName))).toEqual(new Set(['s3:ObjectCreated:Put']));
  });
});
