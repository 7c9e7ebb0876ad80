// SPDX-License-Identifier: Apache-2.0
import path from 'node:path';
import { MadminClient, type TraceInfo } from '@stowage/madmin';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGoDuration } from '../config/duration.js';
import {
  eventually,
  ROOT_PASSWORD,
  ROOT_USER,
  rootClients,
  startTestStore,
  type TestStore,
} from '../s3/conformance/harness.js';
import { startStore } from '../server.js';
import { traceFilterOf, traceMatches } from './operations/server-trace.js';

// Admin ServerTrace (GET /minio/admin/v3/trace) on a real store, read with the madmin client.
let t: TestStore;
let s3: Client;
let admin: MadminClient;

beforeAll(async () => {
  t = await startTestStore();
  ({ s3, admin } = rootClients(t));
  await s3.makeBucket('traced');
});
afterAll(async () => {
  await t?.stop();
});

/**
 * Subscribes and collects events until `stop()`. The subscription is known to be live once a probe call
 * made after subscribing comes through: `probe` makes one such call and says which event it was.
 */
async function subscribe(
  opts: Parameters<MadminClient['serverTrace']>[0],
  probe: { call: () => Promise<unknown>; seen: (e: TraceInfo) => boolean },
) {
  const controller = new AbortController();
  const events: TraceInfo[] = [];
  const done = (async () => {
    for await (const e of admin.serverTrace(opts, controller.signal)) events.push(e);
  })();
  for (let i = 0; i < 100 && !events.some(probe.seen); i++) {
    await probe.call().catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(events.some(probe.seen)).toBe(true);
  return {
    events,
    async stop() {
      controller.abort();
      await done;
    },
  };
}

/** A HEAD of a missing key: an S3 call that fails, so it passes both the plain and the errors-only filter. */
const missingProbe = {
  call: () => s3.statObject('traced', 'probe/missing'),
  seen: (e: TraceInfo) => e.path === '/traced/probe/missing',
};

describe('admin trace', () => {
  it('streams each finished S3 call as madmin TraceInfo, and no admin calls', async () => {
    const sub = await subscribe({ s3: true }, missingProbe);
    try {
      await s3.putObject('traced', 'dir/a.txt', Buffer.from('hello trace'));
      await admin.serverInfo();
      await s3.statObject('traced', 'dir/a.txt');
      await eventually(() =>
        sub.events.some((e) => e.path === '/traced/dir/a.txt' && e.funcname === 's3.HeadObject'),
      );
      const put = sub.events.find((e) => e.funcname === 's3.PutObject');
      expect(put).toMatchObject({
        type: 1 << 2,
        nodename: new URL(t.store.url).host,
        path: '/traced/dir/a.txt',
        http: { request: { method: 'PUT', client: '127.0.0.1' }, response: { statuscode: 200 } },
      });
      expect(put?.dur).toBeGreaterThan(0);
      expect(put?.http?.stats.inputbytes).toBe(11);
      expect(Number.isNaN(Date.parse(put?.time ?? ''))).toBe(false);
      // A HEAD sends no body, whatever its Content-Length says.
      const head = sub.events.find((e) => e.funcname === 's3.HeadObject' && e.path === '/traced/dir/a.txt');
      expect(head?.http?.stats.outputbytes).toBe(0);
      // Admin calls are "internal", not S3: this subscription does not get them.
      expect(sub.events.some((e) => e.funcname?.startsWith('admin.'))).toBe(false);
    } finally {
      await sub.stop();
    }
  });

  it('keeps failed calls only with err, and internal calls with internal', async () => {
    const errors = await subscribe({ s3: true, onlyErrors: true }, missingProbe);
    const internal = await subscribe(
      { internal: true },
      { call: () => admin.serverInfo(), seen: (e) => e.funcname === 'admin.info' },
    );
    try {
      await s3.putObject('traced', 'ok.txt', Buffer.from('fine'));
      await expect(s3.statObject('traced', 'missing.txt')).rejects.toMatchObject({ code: 'NotFound' });
      await eventually(() => errors.events.some((e) => e.path === '/traced/missing.txt'));
      expect(errors.events.every((e) => (e.http?.response.statuscode ?? 0) >= 400)).toBe(true);
      expect(errors.events.some((e) => e.funcname === 's3.PutObject')).toBe(false);
      expect(internal.events.every((e) => e.type === 1 << 3)).toBe(true);
      expect(internal.events.some((e) => e.path === '/traced/missing.txt')).toBe(false);
    } finally {
      await errors.stop();
      await internal.stop();
    }
  });

  it('matches by kind, failure and duration; reads Go durations', () => {
    const q = (query: string) => traceFilterOf(new URLSearchParams(query));
    const call = { api: 's3' as const, statusCode: 200, durationNs: 2e6 };
    expect(traceMatches(q('s3=true'), call)).toBe(true);
    expect(traceMatches(q('internal=true'), call)).toBe(false);
    expect(traceMatches(q('internal=true'), { ...call, api: 'admin' })).toBe(true);
    expect(traceMatches(q('s3=true&err=true'), call)).toBe(false);
    expect(traceMatches(q('s3=true&err=true'), { ...call, statusCode: 404 })).toBe(true);
    expect(traceMatches(q('s3=true&threshold=1ms'), call)).toBe(true);
    expect(traceMatches(q('s3=true&threshold=1.5s'), call)).toBe(false);
    expect(parseGoDuration('1m30.5s')).toBe(90.5e9);
    expect(parseGoDuration('500ms')).toBe(5e8);
    expect(parseGoDuration('0s')).toBe(0);
    expect(parseGoDuration('soon')).toBeNull();
    expect(() => q('s3=true&threshold=soon')).toThrow(/not a duration/);
  });

  it('refuses a user without admin:ServerTrace', async () => {
    await admin.addUser('no-trace', 'no-trace-secret');
    await admin.setPolicy('readwrite', 'no-trace', false);
    const user = new MadminClient({
      endpoint: t.store.url,
      accessKey: 'no-trace',
      secretKey: 'no-trace-secret',
    });
    await expect(user.serverTrace({ s3: true }).next()).rejects.toMatchObject({ code: 'AccessDenied' });
  });

  it('ends open streams when the store closes, without waiting for the drain', async () => {
    const own = await startStore({
      dataDir: path.join(t.dataDir, 'closing'),
      drives: 1,
      port: 0,
      host: '127.0.0.1',
      rootUser: ROOT_USER,
      rootPassword: ROOT_PASSWORD,
      shutdownGraceMs: 120_000,
    });
    const ownAdmin = new MadminClient({ endpoint: own.url, accessKey: ROOT_USER, secretKey: ROOT_PASSWORD });
    const events: TraceInfo[] = [];
    const reading = (async () => {
      for await (const e of ownAdmin.serverTrace({ internal: true })) events.push(e);
    })();
    for (let i = 0; i < 100 && events.length === 0; i++) {
      await ownAdmin.serverInfo();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(events.length).toBeGreaterThan(0);
    // With a 120 s grace, close() returns within the test's timeout only if the trace stream ended itself.
    await own.close();
    await reading;
  });
});
