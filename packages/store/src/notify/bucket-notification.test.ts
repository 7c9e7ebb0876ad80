// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MadminClient } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test-services/daemon.js';
import { WebhookReceiver, waitFor, waitForAsync } from '../logging/testing/webhook-receiver.js';
import { cleanEnv, run } from '../s3/conformance/system-tools.js';
import type { StoreHandle } from '../server.js';
import { openNotifyStore, ROOT_PASSWORD, ROOT_USER, rootS3 } from './testing/notify-store.js';

// The ?notification sub-resource through Debian's awscli, the targets' status in admin server info
// (Kafka, Elasticsearch and NSQ have no Debian server: their targets point at closed ports and must
// report offline while keeping their events), Watch alongside targets, and MinIO's implicit enable.

const AWS = '/usr/bin/aws';

let dataDir: string;
let store: StoreHandle;
let awsEnv: NodeJS.ProcessEnv;
let env: Record<string, string>;
const receiver = new WebhookReceiver();
/** The store's error log (logger_webhook), where a full target queue must be reported. */
const errorLog = new WebhookReceiver();

const open = (): Promise<StoreHandle> => openNotifyStore(dataDir, env);

function admin(): MadminClient {
  return new MadminClient({ endpoint: store.url, accessKey: ROOT_USER, secretKey: ROOT_PASSWORD });
}

async function aws(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(AWS, ['--endpoint-url', store.url, '--no-cli-pager', '--output', 'json', 's3api', ...args], {
    env: awsEnv,
  });
}

/** `{ type: { id: status } }` from admin server info. */
async function statuses(): Promise<Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, string>> = {};
  for (const entry of (await admin().serverInfo()).services?.notifications ?? []) {
    for (const [type, list] of Object.entries(entry)) {
      const byId = out[type] ?? {};
      for (const item of list) for (const [id, s] of Object.entries(item)) byId[id] = s.status ?? '';
      out[type] = byId;
    }
  }
  return out;
}

beforeAll(async () => {
  await receiver.start();
  await errorLog.start();
  dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-notify-cfg-'));
  const closed = await freePort();
  env = {
    MINIO_NOTIFY_WEBHOOK_ENABLE_w: 'on',
    MINIO_NOTIFY_WEBHOOK_ENDPOINT_w: receiver.url,
    MINIO_NOTIFY_KAFKA_ENABLE_k: 'on',
    MINIO_NOTIFY_KAFKA_BROKERS_k: `127.0.0.1:${closed}`,
    MINIO_NOTIFY_KAFKA_TOPIC_k: 'bucket-events',
    MINIO_NOTIFY_ELASTICSEARCH_ENABLE_e: 'on',
    MINIO_NOTIFY_ELASTICSEARCH_URL_e: `http://127.0.0.1:${closed}`,
    MINIO_NOTIFY_ELASTICSEARCH_INDEX_e: 'bucket-events',
    MINIO_NOTIFY_NSQ_ENABLE_n: 'on',
    MINIO_NOTIFY_NSQ_NSQD_ADDRESS_n: `127.0.0.1:${closed}`,
    MINIO_NOTIFY_NSQ_TOPIC_n: 'bucket-events',
    // A webhook that is down, with room for three events.
    MINIO_NOTIFY_WEBHOOK_ENABLE_full: 'on',
    MINIO_NOTIFY_WEBHOOK_ENDPOINT_full: `http://127.0.0.1:${closed}`,
    MINIO_NOTIFY_WEBHOOK_QUEUE_LIMIT_full: '3',
    MINIO_LOGGER_WEBHOOK_ENABLE_log: 'on',
    MINIO_LOGGER_WEBHOOK_ENDPOINT_log: errorLog.url,
  };
  store = await open();
  await writeFile(
    path.join(dataDir, 'aws-config'),
    '[default]\nregion = us-east-1\ns3 =\n    addressing_style = path\n',
  );
  awsEnv = cleanEnv({
    AWS_CONFIG_FILE: path.join(dataDir, 'aws-config'),
    AWS_SHARED_CREDENTIALS_FILE: path.join(dataDir, 'credentials-none'),
    AWS_ACCESS_KEY_ID: ROOT_USER,
    AWS_SECRET_ACCESS_KEY: ROOT_PASSWORD,
    AWS_EC2_METADATA_DISABLED: 'true',
    HOME: dataDir,
  });
  await rootS3(store).makeBucket('media');
});

afterAll(async () => {
  await store?.close();
  await receiver.stop();
  await errorLog.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const WEBHOOK_ARN = 'arn:minio:sqs:us-east-1:w:webhook';

describe('the ?notification sub-resource (awscli)', () => {
  it('stores Queue and Topic configurations with prefix/suffix filters and gives them back', async () => {
    const config = {
      QueueConfigurations: [
        {
          Id: 'videos',
          QueueArn: WEBHOOK_ARN,
          Events: ['s3:ObjectCreated:*'],
          Filter: {
            Key: {
              FilterRules: [
                { Name: 'prefix', Value: 'videos/' },
                { Name: 'suffix', Value: '.mp4' },
              ],
            },
          },
        },
      ],
      TopicConfigurations: [
        {
          Id: 'kafka-removals',
          TopicArn: 'arn:minio:sqs:us-east-1:k:kafka',
          Events: ['s3:ObjectRemoved:Delete'],
        },
      ],
    };
    const put = await aws(
      'put-bucket-notification-configuration',
      '--bucket',
      'media',
      '--notification-configuration',
      JSON.stringify(config),
    );
    expect(put.stderr).toBe('');
    const got = await aws('get-bucket-notification-configuration', '--bucket', 'media');
    expect(JSON.parse(got.stdout)).toEqual(config);
  });

  it('refuses an ARN naming no configured target, overlapping rules and unknown events with InvalidArgument', async () => {
    const attempt = (configuration: object) =>
      aws(
        'put-bucket-notification-configuration',
        '--bucket',
        'media',
        '--notification-configuration',
        JSON.stringify(configuration),
      );
    const unknown = await attempt({
      QueueConfigurations: [
        { QueueArn: 'arn:minio:sqs:us-east-1:nope:webhook', Events: ['s3:ObjectCreated:*'] },
      ],
    });
    expect(unknown.stderr).toMatch(
      /InvalidArgument.*A specified destination ARN does not exist or is not well-formed/,
    );
    const overlapping = await attempt({
      QueueConfigurations: [
        {
          QueueArn: WEBHOOK_ARN,
          Events: ['s3:ObjectCreated:*'],
          Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'a/' }] } },
        },
        {
          QueueArn: WEBHOOK_ARN,
          Events: ['s3:ObjectCreated:Put'],
          Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'a/b/' }] } },
        },
      ],
    });
    expect(overlapping.stderr).toMatch(/InvalidArgument.*Configurations overlap/);
    const badEvent = await attempt({
      QueueConfigurations: [{ QueueArn: WEBHOOK_ARN, Events: ['s3:ObjectTouched:*'] }],
    });
    expect(badEvent.stderr).toMatch(/InvalidArgument.*A specified event is not supported for notifications/);
    // The stored configuration is unchanged by refused ones.
    const got = JSON.parse((await aws('get-bucket-notification-configuration', '--bucket', 'media')).stdout);
    expect(got.QueueConfigurations[0].Id).toBe('videos');
  });
});

describe('targets at work', () => {
  it('reports the webhook online and the unreachable Kafka, Elasticsearch and NSQ targets offline', async () => {
    const client = rootS3(store);
    await client.makeBucket('unreachable');
    const config = {
      QueueConfigurations: ['k:kafka', 'e:elasticsearch', 'n:nsq', 'w:webhook'].map((t) => ({
        QueueArn: `arn:minio:sqs:us-east-1:${t}`,
        Events: ['s3:ObjectCreated:*'],
      })),
    };
    const put = await aws(
      'put-bucket-notification-configuration',
      '--bucket',
      'unreachable',
      '--notification-configuration',
      JSON.stringify(config),
    );
    expect(put.stderr).toBe('');
    await client.putObject('unreachable', 'one.txt', Buffer.from('1'));
    await waitForAsync(async () => {
      const s = await statuses();
      return (
        s.kafka?.k === 'offline' &&
        s.elasticsearch?.e === 'offline' &&
        s.nsq?.n === 'offline' &&
        s.webhook?.w === 'online'
      );
    }, 'the target statuses');
    await waitFor(() => receiver.records.some((r) => r.Key === 'unreachable/one.txt'), 'the webhook event');
  });

  it('keeps the live Watch (ListenBucketNotification) working alongside the targets', async () => {
    const client = rootS3(store);
    await client.makeBucket('watched');
    const config = { QueueConfigurations: [{ QueueArn: WEBHOOK_ARN, Events: ['s3:ObjectCreated:*'] }] };
    await aws(
      'put-bucket-notification-configuration',
      '--bucket',
      'watched',
      '--notification-configuration',
      JSON.stringify(config),
    );
    const watched: string[] = [];
    const poller = client.listenBucketNotification('watched', '', '', ['s3:ObjectCreated:*']);
    poller.on('notification', (r) => watched.push((r as { s3: { object: { key: string } } }).s3.object.key));
    try {
      for (let i = 0; i < 100 && watched.length === 0; i++) {
        await client.putObject('watched', `probe-${i}.txt`, Buffer.from('p'));
        await new Promise((r) => setTimeout(r, 50));
      }
      await client.putObject('watched', 'both.txt', Buffer.from('b'));
      await waitFor(() => watched.includes('both.txt'), 'the Watch record');
      await waitFor(() => receiver.records.some((r) => r.Key === 'watched/both.txt'), 'the webhook record');
    } finally {
      poller.stop();
    }
  });

  it('turns on a target whose set line omits enable, as MinIO does; it starts with the next restart', async () => {
    const late = new WebhookReceiver();
    await late.start();
    try {
      const result = await admin().setConfigKV(`notify_webhook:late endpoint=${late.url}`);
      expect(result).toEqual({ restartRequired: true });
      expect(await admin().getConfigKV('notify_webhook:late')).toMatch(/\benable=on\b/);
      await store.close();
      store = await open();
      const config = {
        QueueConfigurations: [
          { QueueArn: 'arn:minio:sqs:us-east-1:late:webhook', Events: ['s3:ObjectCreated:*'] },
        ],
      };
      const put = await aws(
        'put-bucket-notification-configuration',
        '--bucket',
        'media',
        '--notification-configuration',
        JSON.stringify(config),
      );
      expect(put.stderr).toBe('');
      await rootS3(store).putObject('media', 'late.txt', Buffer.from('l'));
      await waitFor(
        () => late.records.some((r) => r.Key === 'media/late.txt'),
        'the new target to get the event',
      );
    } finally {
      await late.stop();
    }
  });
});

describe('a full target queue', () => {
  it('refuses the events beyond queue_limit and says so in the error log, never silently', async () => {
    await rootS3(store).makeBucket('overflow');
    const put = await aws(
      'put-bucket-notification-configuration',
      '--bucket',
      'overflow',
      '--notification-configuration',
      JSON.stringify({
        QueueConfigurations: [
          { QueueArn: 'arn:minio:sqs:us-east-1:full:webhook', Events: ['s3:ObjectCreated:*'] },
        ],
      }),
    );
    expect(put.stderr).toBe('');
    // Three events fit in the queue of the unreachable target; the rest are refused.
    for (let i = 0; i < 6; i++) await rootS3(store).putObject('overflow', `o${i}.txt`, Buffer.from(`${i}`));
    await waitFor(
      () => JSON.stringify(errorLog.requests.map((r) => r.records)).includes('its queue is full: 3 events'),
      'the error-log entry about the full queue',
    );
  });
});
