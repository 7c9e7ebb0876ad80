// SPDX-License-Identifier: Apache-2.0
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { type LogInfo, MadminClient } from '@stowage/madmin';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, rootClients, startTestStore, type TestStore } from '../s3/conformance/harness.js';

// Admin ConsoleLog (GET /minio/admin/v3/log) on a real store, read with the madmin client.
let t: TestStore;
let s3: Client;
let admin: MadminClient;

beforeAll(async () => {
  t = await startTestStore();
  ({ s3, admin } = rootClients(t));
  await s3.makeBucket('logged');
});
afterAll(async () => {
  await t?.stop();
});

function follow(opts: Parameters<MadminClient['getLogs']>[0]) {
  const controller = new AbortController();
  const entries: LogInfo[] = [];
  const done = (async () => {
    for await (const e of admin.getLogs(opts, controller.signal)) entries.push(e);
  })();
  return {
    entries,
    async stop() {
      controller.abort();
      await done;
    },
  };
}

describe('admin console log', () => {
  it('logs a drive that goes away, live and to later subscribers, as madmin LogInfo', async () => {
    const live = follow({ limit: 10 });
    try {
      // Whether the subscription reaches the server before or after the drive goes, the entry arrives:
      // live, or replayed among the last 10.
      await rename(path.join(t.dataDir, 'drive2'), path.join(t.dataDir, 'drive2-gone'));
      await s3.putObject('logged', 'after.txt', Buffer.from('written with a drive gone'));
      await eventually(() => live.entries.some((e) => /Drive 2 .* is offline/.test(e.ConsoleMsg ?? '')));
      const entry = live.entries.find((e) => /Drive 2/.test(e.ConsoleMsg ?? ''));
      expect(entry).toMatchObject({ level: 'ERROR', errKind: 'MINIO', node: new URL(t.store.url).host });
      expect(Number.isNaN(Date.parse(entry?.time ?? ''))).toBe(false);
    } finally {
      await live.stop();
      await rename(path.join(t.dataDir, 'drive2-gone'), path.join(t.dataDir, 'drive2'));
    }
    // A later subscriber gets it replayed; another node's or APPLICATION logs get nothing.
    const replay = follow({ limit: 5 });
    const elsewhere = follow({ limit: 5, node: 'other-node:9000' });
    const application = follow({ limit: 5, logType: 'APPLICATION' });
    try {
      await eventually(() => replay.entries.some((e) => /Drive 2/.test(e.ConsoleMsg ?? '')));
      await new Promise((r) => setTimeout(r, 300));
      expect(elsewhere.entries).toEqual([]);
      expect(application.entries).toEqual([]);
    } finally {
      await replay.stop();
      await elsewhere.stop();
      await application.stop();
    }
  });

  it('refuses a user without admin:ConsoleLog', async () => {
    await admin.addUser('log-less', 'log-less-secret');
    await admin.setPolicy('readwrite', 'log-less', false);
    const user = new MadminClient({
      endpoint: t.store.url,
      accessKey: 'log-less',
      secretKey: 'log-less-secret',
    });
    await expect(user.getLogs({}).next()).rejects.toMatchObject({ code: 'AccessDenied' });
  });
});
