// SPDX-License-Identifier: Apache-2.0
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  apiErrorSchema,
  apiPaths,
  configWriteResponseSchema,
  fillApiPath,
  listBucketEventsResponseSchema,
  listNotificationEndpointsResponseSchema,
} from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../../testing/console-harness.js';

type Caller = ReturnType<typeof jsonCaller>;

function expectError(res: { status: number; body: unknown }, status: number, text: RegExp): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = apiErrorSchema.parse(res.body);
  expect(body.detailedError).not.toBe('');
  expect(`${body.errorMessage} ${body.detailedError}`).toMatch(text);
}

// Lambda Notifications and the bucket Events tab against a real embedded store, with a real HTTP
// endpoint as the webhook target.
describe('notification routes against the embedded store', () => {
  let h: ConsoleHarness;
  let call: Caller;
  let endpoint: http.Server;
  const received: string[] = [];

  beforeAll(async () => {
    endpoint = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        if (req.method === 'POST') received.push((JSON.parse(body) as { Key: string }).Key);
        res.end();
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    h = await startConsoleHarness({ drives: 4 });
    call = jsonCaller(h.app, await h.login());
    await h.s3.makeBucket('inbox');
  });
  afterAll(async () => {
    await h?.close();
    endpoint?.close();
  });

  const endpointUrl = (): string => `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/events`;
  const eventsPath = fillApiPath(apiPaths.bucketEvents, { bucket: 'inbox' });

  it('adds a webhook target, which the list shows online after the restart', async () => {
    expect(
      listNotificationEndpointsResponseSchema.parse((await call('GET', apiPaths.notificationEndpoints)).body),
    ).toEqual({
      notification_endpoints: null,
    });
    const added = await call('POST', apiPaths.notificationEndpoints, {
      service: 'webhook',
      account_id: 'hook1',
      properties: { endpoint: endpointUrl(), queue_limit: '500', comment: '' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(configWriteResponseSchema.parse(added.body)).toEqual({ restart: true });
    expect(await h.admin.getConfigKV('notify_webhook:hook1')).toMatch(/enable=on/);
    await h.admin.serviceRestart();
    let list = listNotificationEndpointsResponseSchema.parse(
      (await call('GET', apiPaths.notificationEndpoints)).body,
    );
    for (let i = 0; i < 100 && list.notification_endpoints?.[0]?.status !== 'online'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      list = listNotificationEndpointsResponseSchema.parse(
        (await call('GET', apiPaths.notificationEndpoints)).body,
      );
    }
    expect(list.notification_endpoints).toEqual([
      {
        service: 'webhook',
        account_id: 'hook1',
        status: 'online',
        arn: 'arn:minio:sqs:us-east-1:hook1:webhook',
      },
    ]);
  });

  it('refuses a target with a bad value, with the reason', async () => {
    const res = await call('POST', apiPaths.notificationEndpoints, {
      service: 'postgres',
      account_id: 'pg1',
      properties: { connection_string: 'host=db', table: 'events', format: 'sideways' },
    });
    expectError(res, 400, /format/);
  });

  it('subscribes the bucket to put events under a prefix, delivers them, and deletes the subscription', async () => {
    const arn = 'arn:minio:sqs:us-east-1:hook1:webhook';
    const created = await call('POST', eventsPath, {
      arn,
      events: ['put', 'delete'],
      prefix: 'in/',
      suffix: '.txt',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { events } = listBucketEventsResponseSchema.parse((await call('GET', eventsPath)).body);
    expect(events).toEqual([
      {
        id: 'event-1',
        arn,
        events: ['s3:ObjectCreated:*', 's3:ObjectRemoved:*'],
        prefix: 'in/',
        suffix: '.txt',
      },
    ]);
    await h.s3.putObject('inbox', 'in/a.txt', Buffer.from('a'));
    await h.s3.putObject('inbox', 'other/b.txt', Buffer.from('b'));
    for (let i = 0; i < 200 && !received.includes('inbox/in/a.txt'); i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(received).toEqual(['inbox/in/a.txt']);

    const unknown = await call('POST', eventsPath, {
      arn: 'arn:minio:sqs:us-east-1:nope:webhook',
      events: ['get'],
    });
    expectError(unknown, 400, /destination ARN does not exist/);
    expectError(await call('POST', eventsPath, { arn, events: [] }), 400, /at least one event/);

    const removed = await call(
      'DELETE',
      fillApiPath(apiPaths.bucketEvent, { bucket: 'inbox', id: 'event-1' }),
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(listBucketEventsResponseSchema.parse(removed.body).events).toEqual([]);
    expectError(
      await call('DELETE', fillApiPath(apiPaths.bucketEvent, { bucket: 'inbox', id: 'event-1' })),
      404,
      /event-1/,
    );
  });

  it('removes the target', async () => {
    const res = await call(
      'DELETE',
      fillApiPath(apiPaths.notificationEndpoint, { service: 'webhook', accountId: 'hook1' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await h.admin.getConfigKV('notify_webhook')).not.toMatch(/hook1/);
  });
});
