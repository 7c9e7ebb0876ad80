// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AuditLogRecord, auditSearchResponseSchema } from '@stowage/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testService } from '../../../../../test-services/index.js';
import type { PostgresInfo } from '../../../../../test-services/services/postgres.js';
import { buildApp } from '../../app.js';
import type { AuditStore } from '../../log-search/audit-rows.js';
import { PostgresAuditStore } from '../../log-search/postgres-store.js';
import { receiveAuditInProcess } from '../../log-search/register-webhook.js';
import { SqliteAuditStore } from '../../log-search/sqlite-store.js';
import { type ConsoleHarness, startConsoleHarness } from '../../testing/console-harness.js';

// Audit log search: the store's audit webhook posts to the console, which keeps the records in SQLite
// (one console) and in Debian's PostgreSQL (another console on the same store); a third console takes
// them in process, as `npm start` does (the store's `receiveWebhook`: its target's endpoint answers no
// HTTP at all); 1,000 S3 requests are all findable by bucket, object and API, in order, page by page, in
// all three.
const BUCKET = 'audited';
const COUNT = 1000;
const TOKEN = randomBytes(16).toString('hex');
const keyOf = (i: number): string => `k-${String(i).padStart(4, '0')}`;

let h: ConsoleHarness;
let dir: string;
let schema: string;
let pgInfo: PostgresInfo;
const consoles: { name: string; app: FastifyInstance; store: AuditStore; cookie: string }[] = [];

async function search(app: FastifyInstance, cookie: string, query: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/logs/search?${query}`,
    cookies: { token: cookie },
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

async function results(app: FastifyInstance, cookie: string, query: string): Promise<AuditLogRecord[]> {
  const r = await search(app, cookie, query);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return auditSearchResponseSchema.parse(r.body).results;
}

async function addConsole(name: string, store: AuditStore, inProcess = false): Promise<void> {
  const app =
    consoles.length === 0
      ? h.app
      : await buildApp({
          s3Endpoint: h.store.url,
          sessionKey: randomBytes(32),
          sessionDurationSeconds: 3600,
          logSearch: { store, token: TOKEN },
        });
  // In process: an endpoint where nothing listens (the discard port), served by the store's receiver.
  const url = inProcess ? 'http://127.0.0.1:9' : await app.listen({ port: 0, host: '127.0.0.1' });
  const endpoint = `${url}/api/v1/logs/audit-ingest`;
  if (inProcess) receiveAuditInProcess(h.store, endpoint, TOKEN, store);
  await h.admin.setConfigKV(
    `audit_webhook:${name} enable=on endpoint=${endpoint} auth_token=${TOKEN} batch_size=100`,
  );
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { accessKey: h.rootUser, secretKey: h.rootPassword },
  });
  const cookie = login.cookies.find((c) => c.name === 'token')?.value ?? '';
  consoles.push({ name, app, store, cookie });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-log-search-'));
  const sqlite = new SqliteAuditStore(path.join(dir, 'audit.db'));
  pgInfo = await testService<PostgresInfo>('postgres');
  // A schema of its own in the shared test database.
  schema = `audit_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgInfo.url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const postgres = await PostgresAuditStore.open(
    `${pgInfo.url}${pgInfo.url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
  );
  h = await startConsoleHarness({ drives: 4, app: { logSearch: { store: sqlite, token: TOKEN } } });
  await addConsole('sqlite', sqlite);
  await addConsole('postgres', postgres);
  await addConsole('in-process', new SqliteAuditStore(path.join(dir, 'in-process.db')), true);
  await h.s3.makeBucket(BUCKET);
  for (let i = 0; i < COUNT; i++) await h.s3.putObject(BUCKET, keyOf(i), Buffer.from(`object ${i}`));
  // Delivery is asynchronous (the store's durable queue): wait until both databases hold every PUT.
  for (const c of consoles) {
    for (let tries = 0; ; tries++) {
      const got = await results(c.app, c.cookie, `fp=bucket:${BUCKET}&fp=api_name:PutObject&pageSize=1000`);
      if (got.length === COUNT) break;
      if (tries > 600) throw new Error(`${c.name} holds ${got.length} of ${COUNT} records`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}, 240_000);

afterAll(async () => {
  // The store first, so it does not post its last records to a console already gone.
  await h?.close();
  for (const c of consoles.slice(1)) await c.app.close();
  for (const c of consoles) await c.store.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  if (schema) {
    const admin = new pg.Client({ connectionString: pgInfo.url });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
});

describe.each(['sqlite', 'postgres', 'in-process'])('audit log search in %s', (name) => {
  const c = () => consoles.find((x) => x.name === name) as (typeof consoles)[number];

  it('pages through every PUT by bucket and API, oldest first, 100 at a time, in request order', async () => {
    const keys: string[] = [];
    for (let page = 0; page < COUNT / 100; page++) {
      const rows = await results(
        c().app,
        c().cookie,
        `fp=bucket:${BUCKET}&fp=api_name:PutObject&order=timeAsc&pageSize=100&pageNo=${page}`,
      );
      expect(rows.length).toBe(100);
      keys.push(...rows.map((r) => r.object));
    }
    expect(keys).toEqual(Array.from({ length: COUNT }, (_, i) => keyOf(i)));
    const last = await results(c().app, c().cookie, `fp=bucket:${BUCKET}&fp=api_name:PutObject&pageNo=10`);
    expect(last).toEqual([]);
    const newest = await results(c().app, c().cookie, `fp=bucket:${BUCKET}&fp=api_name:PutObject&pageSize=1`);
    expect(newest[0]).toMatchObject({
      object: keyOf(COUNT - 1),
      response_status: 'OK',
      response_status_code: 200,
      request_content_length: `object ${COUNT - 1}`.length,
    });
    expect(newest[0]?.request_id).not.toBe('');
    expect(newest[0]?.record).toHaveProperty('api.name', 'PutObject');
  });

  it('finds every object by its name, by request id, and with a wildcard', async () => {
    for (let i = 0; i < COUNT; i++) {
      const rows = await results(c().app, c().cookie, `fp=object:${keyOf(i)}&fp=bucket:${BUCKET}`);
      expect(rows.map((r) => `${r.api_name} ${r.object}`)).toEqual([`PutObject ${keyOf(i)}`]);
    }
    const one = (await results(c().app, c().cookie, `fp=object:${keyOf(7)}`))[0] as AuditLogRecord;
    const byId = await results(c().app, c().cookie, `fp=request_id:${one.request_id}`);
    expect(byId.map((r) => r.object)).toEqual([keyOf(7)]);
    const nineHundreds = await results(c().app, c().cookie, 'fp=object:k-09*&pageSize=1000');
    expect(nineHundreds.length).toBe(100);
    const range = await results(
      c().app,
      c().cookie,
      `fp=bucket:${BUCKET}&timeStart=${encodeURIComponent(one.time)}&order=timeAsc&pageSize=1`,
    );
    expect((range[0]?.time ?? '') >= one.time).toBe(true);
  });

  it('answers a bad filter with 400 and the reason', async () => {
    const r = await search(c().app, c().cookie, 'fp=secret:x');
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/field:value/);
  });
});

describe('audit log access', () => {
  it('refuses a webhook without the token (401) and a user without admin:ConsoleLog (403)', async () => {
    const app = consoles[0]?.app as FastifyInstance;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/logs/audit-ingest',
      headers: { authorization: 'wrong' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('detailedError');
    await h.admin.addUser('no-logs', 'no-logs-secret');
    await h.admin.setPolicy('readwrite', 'no-logs', false);
    const cookie = await h.login('no-logs', 'no-logs-secret');
    const r = await search(app, cookie, 'fp=bucket:audited');
    expect(r.status).toBe(403);
    // A console without log search says how to turn it on.
    const plain = await buildApp({
      s3Endpoint: h.store.url,
      sessionKey: randomBytes(32),
      sessionDurationSeconds: 3600,
    });
    const login = await plain.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { accessKey: h.rootUser, secretKey: h.rootPassword },
    });
    const off = await search(
      plain,
      login.cookies.find((c) => c.name === 'token')?.value ?? '',
      'fp=bucket:x',
    );
    expect(off.status).toBe(501);
    expect(JSON.stringify(off.body)).toContain('CONSOLE_LOG_SEARCH_TOKEN');
    await plain.close();
  });
});
