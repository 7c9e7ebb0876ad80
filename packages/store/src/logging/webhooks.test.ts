// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigService, ResolvedSet } from '../config/registry.js';
import { auditWebhookSet } from '../config/sets/audit-webhook.js';
import { loggerWebhookSet } from '../config/sets/logger-webhook.js';
import { createTraceBus, type TraceEvent } from '../events/trace-events.js';
import { StoreLog } from '../log/store-log.js';
import type { LocalRecord } from './local-receivers.js';
import { WebhookReceiver, waitFor } from './testing/webhook-receiver.js';
import { LogWebhooks } from './webhooks.js';

// The webhook service on its own: a small in-memory ConfigService stands in for the real one (which is
// exercised end to end in webhooks-store.test.ts); the receivers, queues and store log are real.

class FakeConfig implements ConfigService {
  readonly sets = [loggerWebhookSet, auditWebhookSet];
  readonly #targets = new Map<string, ResolvedSet[]>();
  readonly #appliers = new Map<string, Array<(t: ResolvedSet[]) => void | Promise<void>>>();

  get(subSys: string, target = ''): ResolvedSet {
    return this.targets(subSys).find((t) => t.target === target) ?? this.#resolve(subSys, target, {});
  }
  targets(subSys: string): ResolvedSet[] {
    return this.#targets.get(subSys) ?? [];
  }
  subscribe(subSys: string, apply: (t: ResolvedSet[]) => void | Promise<void>): () => void {
    const list = this.#appliers.get(subSys) ?? [];
    list.push(apply);
    this.#appliers.set(subSys, list);
    void apply(this.targets(subSys));
    return () => list.splice(list.indexOf(apply), 1);
  }
  #resolve(subSys: string, target: string, values: Record<string, string>): ResolvedSet {
    const def = this.sets.find((s) => s.subSys === subSys)!;
    const all: Record<string, string> = {};
    for (const k of def.keys) all[k.key] = values[k.key] ?? k.default;
    return { target, values: all, fromEnv: {} };
  }
  /** Saves one target's values (a dynamic set: appliers run at once). */
  async set(subSys: string, target: string, values: Record<string, string> | null): Promise<void> {
    const rest = this.targets(subSys).filter((t) => t.target !== target);
    this.#targets.set(subSys, values ? [...rest, this.#resolve(subSys, target, values)] : rest);
    for (const apply of this.#appliers.get(subSys) ?? []) await apply(this.targets(subSys));
  }
}

let dataDir: string;
let config: FakeConfig;
let log: StoreLog;
let trace: ReturnType<typeof createTraceBus>;
let hooks: LogWebhooks;
const receivers: WebhookReceiver[] = [];

async function receiver(): Promise<WebhookReceiver> {
  const r = new WebhookReceiver();
  await r.start();
  receivers.push(r);
  return r;
}

function request(i: number, over: Partial<TraceEvent> = {}): TraceEvent {
  return {
    time: new Date(),
    api: 's3',
    funcName: 's3.PutObject',
    method: 'PUT',
    path: `/bkt/obj-${i}`,
    rawQuery: 'X-Amz-Signature=abc&partNumber=1',
    requestHeaders: {
      authorization: 'AWS4-HMAC-SHA256 secret',
      'x-amz-security-token': 'tok',
      'user-agent': 'ua',
    },
    responseHeaders: { etag: '"abc"', 'x-amz-request-id': `REQ${i}` },
    statusCode: 200,
    clientIp: '127.0.0.1',
    durationNs: 1_500_000,
    inputBytes: 11,
    outputBytes: 0,
    requestId: `REQ${i}`,
    timeToFirstByteNs: 1_000_000,
    accessKey: 'AKIAUSER',
    parentUser: 'parent',
    bucket: 'bkt',
    object: `obj-${i}`,
    host: 'localhost:9000',
    userAgent: 'ua',
    ...over,
  };
}

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-webhooks-'));
  config = new FakeConfig();
  log = new StoreLog();
  log.deploymentId = 'dep-1';
  log.node = '127.0.0.1:9000';
  trace = createTraceBus();
  hooks = new LogWebhooks({ config, log, trace, deploymentId: 'dep-1', dataDir });
  hooks.start();
});
afterEach(async () => {
  await hooks.close();
  for (const r of receivers.splice(0)) await r.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const fast = { retry_interval: '20ms' };

describe('LogWebhooks', () => {
  it('sends MinIO audit records with secrets redacted and the auth token as given', async () => {
    const rx = await receiver();
    await config.set('audit_webhook', 'a1', {
      enable: 'on',
      endpoint: rx.url,
      auth_token: 'Bearer s3cr3t',
      ...fast,
    });
    trace.emit('request', request(1));
    await waitFor(() => rx.records.length === 1, 'the audit record');
    const [req] = rx.requests;
    expect(req!.headers.authorization).toBe('Bearer s3cr3t');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.headers['x-minio-deployment-id']).toBe('dep-1');
    expect(rx.records[0]).toMatchObject({
      version: '1',
      deploymentid: 'dep-1',
      event: '',
      trigger: 'incoming',
      api: {
        name: 'PutObject',
        bucket: 'bkt',
        object: 'obj-1',
        status: 'OK',
        statusCode: 200,
        rx: 11,
        tx: 0,
        timeToResponse: '1.5ms',
        timeToResponseInNS: '1500000',
        timeToFirstByte: '1ms',
      },
      remotehost: '127.0.0.1',
      requestID: 'REQ1',
      userAgent: 'ua',
      requestPath: '/bkt/obj-1',
      requestHost: 'localhost:9000',
      requestQuery: { 'X-Amz-Signature': '*REDACTED*', partNumber: '1' },
      requestHeader: { 'X-Amz-Security-Token': '*REDACTED*', 'User-Agent': 'ua' },
      responseHeader: { Etag: 'abc', 'X-Amz-Request-Id': 'REQ1' },
      accessKey: 'AKIAUSER',
      parentUser: 'parent',
    });
    expect(JSON.stringify(rx.records[0])).not.toContain('AWS4-HMAC-SHA256 secret');
  });

  it('sends server log errors and warnings (not info) as MinIO log entries', async () => {
    const rx = await receiver();
    await config.set('logger_webhook', '', { enable: 'on', endpoint: rx.url, ...fast });
    log.info('just saying');
    log.error('Drive 2 is offline', { err: new Error('ENOENT'), api: 's3.PutObject', requestId: 'R1' });
    log.warn('slow drive');
    await waitFor(() => rx.records.length === 2 && hooks.statuses()[0]?.queued === 0, 'two log records');
    expect(rx.records[0]).toMatchObject({
      deploymentid: 'dep-1',
      level: 'ERROR',
      errKind: 'MINIO',
      host: '127.0.0.1:9000',
      requestID: 'R1',
      api: { name: 's3.PutObject' },
      message: 'Drive 2 is offline',
      error: { message: 'ENOENT' },
    });
    expect(rx.records[1]).toMatchObject({ level: 'WARNING', message: 'slow drive' });
    expect(hooks.statuses()).toEqual([
      expect.objectContaining({
        subSys: 'logger_webhook',
        target: '',
        name: 'logger-_',
        online: true,
        queued: 0,
      }),
    ]);
  });

  it('keeps records while the endpoint is down and delivers all of them in order, once, when it is back', async () => {
    const rx = await receiver();
    await config.set('audit_webhook', 'a1', { enable: 'on', endpoint: rx.url, batch_size: '7', ...fast });
    await rx.stop();
    for (let i = 0; i < 100; i++) trace.emit('request', request(i));
    await waitFor(
      () => hooks.statuses()[0]?.online === false && hooks.statuses()[0]?.queued === 100,
      'queued',
    );
    await waitFor(
      () => log.recent(10).some((e) => e.level === 'ERROR' && e.ConsoleMsg.includes('audit_webhook:a1')),
      'the offline error in the store log',
    );
    await rx.start();
    await waitFor(() => rx.records.length >= 100 && hooks.statuses()[0]?.queued === 0, 'all 100 records');
    expect(rx.records.map((r) => r.requestID)).toEqual(Array.from({ length: 100 }, (_, i) => `REQ${i}`));
    expect(rx.requests.every((r) => r.records.length <= 7)).toBe(true);
    expect(rx.requests.some((r) => r.headers['x-minio-webhook-payload-count'] === '7')).toBe(true);
  });

  it('reports records refused beyond queue_size in the store log', async () => {
    const rx = await receiver();
    await config.set('audit_webhook', 'small', { enable: 'on', endpoint: rx.url, queue_size: '3', ...fast });
    await rx.stop();
    for (let i = 0; i < 5; i++) trace.emit('request', request(i));
    await waitFor(
      () => log.recent(20).some((e) => e.level === 'ERROR' && /queue is full: 3 records/.test(e.ConsoleMsg)),
      'the overflow error',
    );
    await rx.start();
    await waitFor(
      () => rx.records.length === 3 && hooks.statuses()[0]?.queued === 0,
      'the three queued records',
    );
    trace.emit('request', request(9));
    await waitFor(
      () => log.recent(20).some((e) => /2 records were not queued/.test(e.ConsoleMsg)),
      'the summary of refused records',
    );
  });

  it('follows config changes at runtime: a new endpoint gets the waiting records, a removed target stops', async () => {
    const first = await receiver();
    const second = await receiver();
    await config.set('audit_webhook', 'a1', { enable: 'on', endpoint: first.url, ...fast });
    await first.stop();
    for (let i = 0; i < 3; i++) trace.emit('request', request(i));
    await waitFor(() => hooks.statuses()[0]?.queued === 3, 'three queued');
    await config.set('audit_webhook', 'a1', { enable: 'on', endpoint: second.url, ...fast });
    trace.emit('request', request(3));
    await waitFor(() => second.records.length === 4, 'the records at the new endpoint');
    expect(second.records.map((r) => r.requestID)).toEqual(['REQ0', 'REQ1', 'REQ2', 'REQ3']);

    await config.set('audit_webhook', 'a1', null);
    expect(hooks.statuses()).toEqual([]);
    expect(trace.listenerCount('request')).toBe(0);
    trace.emit('request', request(4));
    expect(second.records.length).toBe(4);
  });
});

describe('LogWebhooks with a receiver in this process', () => {
  // The discard port: nothing answers HTTP there, so whatever arrives came in process.
  const LOCAL = 'http://127.0.0.1:9/api/v1/logs/audit-ingest';

  it('hands batches to the receiver with each audit record fields and the JSON an HTTP endpoint gets', async () => {
    const rx = await receiver();
    const got: LocalRecord[] = [];
    hooks.receiveLocally(LOCAL, 'tok', async (records) => {
      got.push(...records);
    });
    await config.set('audit_webhook', 'http', { enable: 'on', endpoint: rx.url, ...fast });
    await config.set('audit_webhook', 'local', { enable: 'on', endpoint: LOCAL, auth_token: 'tok', ...fast });
    // The same endpoint with another token is not the receiver's: it is POSTed to (and fails).
    await config.set('audit_webhook', 'other', { enable: 'on', endpoint: LOCAL, auth_token: 'x', ...fast });
    const at = new Date('2026-12-02T07:00:00.123Z');
    trace.emit('request', request(1, { time: at, rawQuery: 'a=1&a=2&toString=3&X-Amz-Signature=s' }));
    trace.emit(
      'request',
      request(2, { time: at, error: 'NoSuchKey', statusCode: 404, bucket: '', object: '' }),
    );
    await waitFor(() => got.length === 2 && rx.records.length === 2, 'both records at both targets');
    await waitFor(
      () => hooks.statuses().find((s) => s.target === 'other')?.online === false,
      'other offline',
    );
    expect(got.map((r) => JSON.parse(r.json.toString()))).toEqual(rx.records);
    for (const r of got) expect(JSON.stringify(JSON.parse(r.json.toString()))).toBe(r.json.toString());
    expect(rx.records[0]).toHaveProperty('requestQuery', {
      a: '1,2',
      toString: '3',
      'X-Amz-Signature': '*REDACTED*',
    });
    expect(got[0]?.audit).toEqual({
      time: '2026-12-02T07:00:00.123Z',
      api: 'PutObject',
      bucket: 'bkt',
      object: 'obj-1',
      remotehost: '127.0.0.1',
      requestID: 'REQ1',
      userAgent: 'ua',
      status: 'OK',
      statusCode: 200,
      rx: 11,
      tx: 0,
      timeToResponseNs: 1_500_000,
    });
    expect(got[1]?.audit).toMatchObject({ status: 'Not Found', statusCode: 404, bucket: '', object: '' });
    expect(rx.records[1]).toMatchObject({ error: 'NoSuchKey', api: { status: 'Not Found' } });
    expect(rx.records[1]).not.toHaveProperty('api.bucket');
    expect(got.length).toBe(2);
  });

  it('sends a batch the receiver refused again, and keeps records across a restart (then as JSON only)', async () => {
    let refuse = true;
    const got: LocalRecord[] = [];
    hooks.receiveLocally(LOCAL, 'tok', async (records) => {
      if (refuse) throw new Error('not now');
      got.push(...records);
    });
    await config.set('audit_webhook', 'local', { enable: 'on', endpoint: LOCAL, auth_token: 'tok', ...fast });
    for (let i = 0; i < 5; i++) trace.emit('request', request(i));
    await waitFor(() => hooks.statuses()[0]?.online === false && hooks.statuses()[0]?.queued === 5, 'queued');
    await hooks.close();
    // The next run: the same queue folder, a receiver that takes them.
    refuse = false;
    hooks = new LogWebhooks({ config, log, trace, deploymentId: 'dep-1', dataDir });
    hooks.receiveLocally(LOCAL, 'tok', async (records) => {
      got.push(...records);
    });
    hooks.start();
    await waitFor(() => got.length === 5, 'the five records of the earlier run');
    expect(got.map((r) => (JSON.parse(r.json.toString()) as { requestID: string }).requestID)).toEqual([
      'REQ0',
      'REQ1',
      'REQ2',
      'REQ3',
      'REQ4',
    ]);
    expect(got.every((r) => r.audit === undefined)).toBe(true);
    trace.emit('request', request(5));
    await waitFor(() => got.length === 6, 'a record of this run');
    expect(got[5]?.audit?.requestID).toBe('REQ5');
  });
  it('hands records to a durable receiver without queueing them; a refused batch waits in the queue, goes first and survives a restart', async () => {
    let refuse = false;
    const got: LocalRecord[] = [];
    const durable = async (records: LocalRecord[]): Promise<void> => {
      if (refuse) throw new Error('database unavailable');
      got.push(...records);
    };
    hooks.receiveLocally(LOCAL, 'tok', durable, { durable: true });
    await config.set('audit_webhook', 'local', { enable: 'on', endpoint: LOCAL, auth_token: 'tok', ...fast });
    const ids = (): string[] =>
      got.map((r) => (JSON.parse(r.json.toString()) as { requestID: string }).requestID);
    // Bytes of records the target's queue has written to its folder.
    const queueBytes = async (): Promise<number> => {
      const dir = path.join(dataDir, '.queues', 'audit-local');
      const names = await readdir(dir).catch(() => [] as string[]);
      const sizes = await Promise.all(
        names.filter((n) => n.endsWith('.seg')).map((n) => stat(path.join(dir, n))),
      );
      return sizes.reduce((a, b) => a + b.size, 0);
    };

    trace.emit('request', request(0));
    trace.emit('request', request(1));
    await waitFor(() => got.length === 2, 'two records in process');
    expect(got.map((r) => r.audit?.requestID)).toEqual(['REQ0', 'REQ1']);
    expect(await queueBytes()).toBe(0);

    // Refused: the batch goes to the queue, which retries it; a later record waits behind it.
    refuse = true;
    trace.emit('request', request(2));
    trace.emit('request', request(3));
    await waitFor(() => hooks.statuses()[0]?.queued === 2 && hooks.statuses()[0]?.online === false, 'queued');
    trace.emit('request', request(4));
    await waitFor(() => hooks.statuses()[0]?.queued === 3, 'the later record queued behind');
    expect(await queueBytes()).toBeGreaterThan(0);
    refuse = false;
    await waitFor(() => got.length === 5, 'the queued records delivered');
    expect(ids()).toEqual(['REQ0', 'REQ1', 'REQ2', 'REQ3', 'REQ4']);
    expect(got.slice(2).map((r) => r.audit?.requestID)).toEqual(['REQ2', 'REQ3', 'REQ4']);
    await waitFor(() => hooks.statuses()[0]?.queued === 0, 'queue empty');

    // Refused when the store stops: kept in the queue for the next run.
    refuse = true;
    trace.emit('request', request(5));
    await waitFor(
      () => hooks.statuses()[0]?.queued === 1 && hooks.statuses()[0]?.online === false,
      'spilled',
    );
    await hooks.close();
    refuse = false;
    hooks = new LogWebhooks({ config, log, trace, deploymentId: 'dep-1', dataDir });
    hooks.receiveLocally(LOCAL, 'tok', durable, { durable: true });
    hooks.start();
    await waitFor(() => got.length === 6, 'the record of the earlier run');
    expect(ids()[5]).toBe('REQ5');
    // A record gathered when the store stops is handed on by close().
    await waitFor(() => hooks.statuses()[0]?.queued === 0, 'queue empty again');
    trace.emit('request', request(6));
    await hooks.close();
    expect(ids()).toEqual(['REQ0', 'REQ1', 'REQ2', 'REQ3', 'REQ4', 'REQ5', 'REQ6']);
    hooks = new LogWebhooks({ config, log, trace, deploymentId: 'dep-1', dataDir });
    hooks.start();
  });
});
