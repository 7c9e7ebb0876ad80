// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MadminClient } from '@stowage/madmin';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreHandle, startStore } from '../server.js';
import { WebhookReceiver, waitFor, waitForAsync } from './testing/webhook-receiver.js';

// Logger and audit webhooks on a real store (temp drives), configured the MinIO way through
// MINIO_<SET>_<KEY>[_<TARGET>] variables, delivering to real HTTP receivers.

const ROOT_USER = 'webhook-root';
const ROOT_PASSWORD = 'webhook-secret-key-123';

let dataDir: string;
let store: StoreHandle;
const audit = new WebhookReceiver();
const logs = new WebhookReceiver();

function env(): Record<string, string> {
  return {
    MINIO_AUDIT_WEBHOOK_ENABLE_a1: 'on',
    MINIO_AUDIT_WEBHOOK_ENDPOINT_a1: audit.url,
    MINIO_AUDIT_WEBHOOK_AUTH_TOKEN_a1: 'Bearer audit-token',
    MINIO_AUDIT_WEBHOOK_BATCH_SIZE_a1: '10',
    MINIO_AUDIT_WEBHOOK_RETRY_INTERVAL_a1: '50ms',
    MINIO_LOGGER_WEBHOOK_ENABLE: 'on',
    MINIO_LOGGER_WEBHOOK_ENDPOINT: logs.url,
    MINIO_LOGGER_WEBHOOK_RETRY_INTERVAL: '50ms',
  };
}

async function open(): Promise<StoreHandle> {
  return startStore({
    dataDir,
    drives: 4,
    port: 0,
    host: '127.0.0.1',
    rootUser: ROOT_USER,
    rootPassword: ROOT_PASSWORD,
    env: env(),
  });
}

function s3(): Client {
  const u = new URL(store.url);
  return new Client({
    endPoint: u.hostname,
    port: Number(u.port),
    useSSL: false,
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
    region: 'us-east-1',
  });
}

/** Audit records of PutObject calls under `prefix`, as object names in arrival order. */
function putsUnder(prefix: string): string[] {
  return audit.records
    .map((r) => r.api as { name?: string; object?: string })
    .filter((a) => a.name === 'PutObject' && a.object?.startsWith(prefix))
    .map((a) => a.object!);
}

const names = (prefix: string) =>
  Array.from({ length: 100 }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-webhooks-store-'));
  await audit.start();
  await logs.start();
  store = await open();
  await s3().makeBucket('audited');
});
afterAll(async () => {
  await store?.close();
  await audit.stop();
  await logs.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('webhooks on a running store', () => {
  it('sends one MinIO audit record per request, and lists the targets online in admin server info', async () => {
    await s3().putObject('audited', 'dir/hello.txt', Buffer.from('hello audit'));
    await waitFor(() => putsUnder('dir/').length === 1, 'the PutObject audit record');
    const record = audit.records.find((r) => (r.api as { object?: string }).object === 'dir/hello.txt')!;
    expect(record).toMatchObject({
      version: '1',
      trigger: 'incoming',
      api: {
        name: 'PutObject',
        bucket: 'audited',
        object: 'dir/hello.txt',
        status: 'OK',
        statusCode: 200,
        rx: 11,
      },
      remotehost: '127.0.0.1',
      requestPath: '/audited/dir/hello.txt',
      accessKey: ROOT_USER,
    });
    expect(record.requestID).toBe((record.responseHeader as Record<string, string>)['X-Amz-Request-Id']);
    expect(String(record.userAgent)).toContain('MinIO');
    expect(record.requestHeader).not.toHaveProperty('Authorization');
    expect(audit.requests.at(-1)!.headers.authorization).toBe('Bearer audit-token');
    await new MadminClient({
      endpoint: store.url,
      accessKey: ROOT_USER,
      secretKey: ROOT_PASSWORD,
    }).listUsers();
    await waitFor(
      () =>
        audit.records.some((r) => (r.api as { name?: string }).name === 'ListUsers' && r.type === 'Admin'),
      'the admin call audited under its MinIO name',
    );

    const admin = new MadminClient({ endpoint: store.url, accessKey: ROOT_USER, secretKey: ROOT_PASSWORD });
    // Online once a delivery (or the reachability check) succeeded.
    await waitForAsync(async () => {
      const info = await admin.serverInfo();
      return JSON.stringify(info.services?.audit) === JSON.stringify([{ 'audit-a1': { status: 'online' } }]);
    }, 'audit-a1 online in server info');
    expect((await admin.serverInfo()).services?.logger?.[0]).toHaveProperty('logger-_');
  });

  it('queues 100 audit records while the endpoint is down and delivers each once, in order, when it is back', async () => {
    await audit.stop();
    const client = s3();
    for (const name of names('down/')) await client.putObject('audited', name, Buffer.from(name));
    await audit.start();
    await waitFor(() => putsUnder('down/').length >= 100, 'the 100 queued audit records');
    expect(putsUnder('down/')).toEqual(names('down/'));
    // The outage itself is in the server log, which the logger webhook delivers.
    await waitFor(
      () => logs.records.some((r) => r.level === 'ERROR' && String(r.message).includes('audit_webhook:a1')),
      'the offline error at the logger webhook',
    );
    const offline = logs.records.find((r) => String(r.message).includes('audit_webhook:a1'))!;
    expect(offline).toMatchObject({ errKind: 'MINIO', host: new URL(store.url).host });
    expect(typeof offline.deploymentid).toBe('string');
  });

  it('keeps them across a store restart: closed while the endpoint is down, reopened, all 100 arrive once', async () => {
    await audit.stop();
    const client = s3();
    for (const name of names('restart/')) await client.putObject('audited', name, Buffer.from(name));
    await store.close();
    store = await open();
    await audit.start();
    await waitFor(() => putsUnder('restart/').length >= 100, 'the 100 audit records after the restart');
    expect(putsUnder('restart/')).toEqual(names('restart/'));
    // Nothing delivered before the restart comes again.
    expect(putsUnder('down/')).toEqual(names('down/'));
  });

  it('adds, uses and deletes a target through the admin config API at runtime, without a restart', async () => {
    const live = new WebhookReceiver();
    await live.start();
    try {
      const admin = new MadminClient({ endpoint: store.url, accessKey: ROOT_USER, secretKey: ROOT_PASSWORD });
      const help = await admin.helpConfigKV('audit_webhook');
      expect(help.keysHelp?.map((k) => k.key)).toEqual(
        expect.arrayContaining([
          'endpoint',
          'auth_token',
          'batch_size',
          'queue_size',
          'queue_dir',
          'http_timeout',
        ]),
      );
      const saved = await admin.setConfigKV(
        `audit_webhook:live enable=on endpoint=${live.url} retry_interval=50ms`,
      );
      expect(saved.restartRequired).toBe(false);
      await s3().putObject('audited', 'live/one', Buffer.from('1'));
      await waitFor(
        () => live.records.some((r) => (r.api as { object?: string }).object === 'live/one'),
        'the record at the target added at runtime',
      );
      await waitForAsync(async () => {
        const audit = (await admin.serverInfo()).services?.audit ?? [];
        return audit.length === 2 && audit.some((t) => t['audit-live']?.status === 'online');
      }, 'audit-live online in server info');

      const removed = await admin.delConfigKV('audit_webhook:live');
      expect(removed.restartRequired).toBe(false);
      await s3().putObject('audited', 'live/two', Buffer.from('2'));
      await waitFor(() => putsUnder('live/two').length === 1, 'the record at the remaining target');
      expect(live.records.some((r) => (r.api as { object?: string }).object === 'live/two')).toBe(false);
      expect((await admin.serverInfo()).services?.audit).toEqual([{ 'audit-a1': { status: 'online' } }]);
    } finally {
      await live.stop();
    }
  });
});
