// SPDX-License-Identifier: Apache-2.0
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { consoleLogMessageSchema } from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieHeader } from '../../testing/console-harness.js';
import { type SocketHarness, startSocketHarness } from '../../testing/websocket.js';

// GET /ws/console (spec 3 §7, Error Logs): the store's log relayed over a real WebSocket.
describe('error logs over WebSocket', () => {
  let s: SocketHarness;
  beforeAll(async () => {
    s = await startSocketHarness('logged');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('sends the store log: a drive that goes away shows as an ERROR entry', async () => {
    const opened = await s.open('/ws/console', { cookie: s.rootCookie });
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    const { socket, messages } = opened;
    await rename(path.join(s.h.dataDir, 'drive3'), path.join(s.h.dataDir, 'drive3-gone'));
    try {
      await s.h.s3.putObject('logged', 'after.txt', Buffer.from('written with a drive gone'));
      const seen = () =>
        messages
          .map((m) => consoleLogMessageSchema.parse(m))
          .find((m) => /Drive 3 .* is offline/.test(m.ConsoleMsg));
      for (let i = 0; i < 200 && !seen(); i++) await new Promise((r) => setTimeout(r, 25));
      expect(seen()).toMatchObject({ level: 'ERROR', host: new URL(s.h.store.url).host });
    } finally {
      socket.close();
      await rename(path.join(s.h.dataDir, 'drive3-gone'), path.join(s.h.dataDir, 'drive3'));
    }
  });

  it('refuses no session (401); closes with 1011 for a user without admin:ConsoleLog', async () => {
    expect(await s.open('/ws/console', {})).toEqual({ refused: 401 });
    await s.h.admin.addUser('log-less', 'log-less-secret');
    await s.h.admin.setPolicy('readwrite', 'log-less', false);
    const cookie = sessionCookieHeader(await s.h.login('log-less', 'log-less-secret'));
    const opened = await s.open('/ws/console', { cookie });
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    const closed = await opened.closed;
    expect(closed.code).toBe(1011);
    expect(closed.reason).toMatch(/denied/i);
  });
});
