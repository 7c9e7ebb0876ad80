import { rename } from 'node:fs/promises';
import path from 'node:path';
import { consoleLogMessageSchema } from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsoleHarness,
  sessionCookieHeader,
  startConsoleHarness,
} from '../../testing/console-harness.js';
import { openWebSocket } from '../../testing/websocket.js';

// GET /ws/console (spec 3 §7, Error Logs): the store's log relayed over a real WebSocket.
describe('error logs over WebSocket', () => {
  let h: ConsoleHarness;
  let base: string;
  let rootCookie: string;

  beforeAll(async () => {
    h = await startConsoleHarness({ drives: 4 });
    await h.s3.makeBucket('logged');
    base = (await h.listen()).replace(/^http/, 'ws');
    rootCookie = sessionCookieHeader(await h.login());
  });
  afterAll(async () => {
    await h?.close();
  });

  it('sends the store log: a drive that goes away shows as an ERROR entry', async () => {
    const opened = await openWebSocket(`${base}/ws/console`, { cookie: rootCookie });
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    const { socket, messages } = opened;
    await rename(path.join(h.dataDir, 'drive3'), path.join(h.dataDir, 'drive3-gone'));
    try {
      await h.s3.putObject('logged', 'after.txt', Buffer.from('written with a drive gone'));
      const seen = () =>
        messages
          .map((m) => consoleLogMessageSchema.parse(m))
          .find((m) => /Drive 3 .* is offline/.test(m.ConsoleMsg));
      for (let i = 0; i < 200 && !seen(); i++) await new Promise((r) => setTimeout(r, 25));
      expect(seen()).toMatchObject({ level: 'ERROR', host: new URL(h.store.url).host });
    } finally {
      socket.close();
      await rename(path.join(h.dataDir, 'drive3-gone'), path.join(h.dataDir, 'drive3'));
    }
  });

  it('refuses no session (401); closes with 1011 for a user without admin:ConsoleLog', async () => {
    expect(await openWebSocket(`${base}/ws/console`, {})).toEqual({ refused: 401 });
    await h.admin.addUser('log-less', 'log-less-secret');
    await h.admin.setPolicy('readwrite', 'log-less', false);
    const cookie = sessionCookieHeader(await h.login('log-less', 'log-less-secret'));
    const opened = await openWebSocket(`${base}/ws/console`, { cookie });
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    const closed = await opened.closed;
    expect(closed.code).toBe(1011);
    expect(closed.reason).toMatch(/denied/i);
  });
});
