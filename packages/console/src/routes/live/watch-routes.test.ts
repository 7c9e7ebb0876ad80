// SPDX-License-Identifier: Apache-2.0
import { watchMessageSchema } from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieHeader } from '../../testing/console-harness.js';
import { type SocketHarness, startSocketHarness } from '../../testing/websocket.js';

// GET /ws/watch/{bucket} (spec 3 §7): bucket changes relayed from the store over a real WebSocket.
describe('watch over WebSocket', () => {
  let s: SocketHarness;
  beforeAll(async () => {
    s = await startSocketHarness('watched');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('sends each created and removed object under the prefix and with the suffix', async () => {
    const opened = await s.open('/ws/watch/watched?prefix=in/&suffix=.txt');
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    const { socket, messages } = opened;
    try {
      // Live once a probe written after opening comes through.
      for (let i = 0; i < 100 && messages.length === 0; i++) {
        await s.h.s3.putObject('watched', `in/probe-${i}.txt`, Buffer.from('p'));
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(messages.length).toBeGreaterThan(0);
      messages.length = 0;
      // Idle long enough for keep-alive spaces to go out: the records after them must still parse.
      await new Promise((r) => setTimeout(r, 1200));
      await s.h.s3.putObject('watched', 'in/a note.txt', Buffer.from('seven b'));
      await s.h.s3.putObject('watched', 'out/b.txt', Buffer.from('other prefix'));
      await s.h.s3.putObject('watched', 'in/c.bin', Buffer.from('other suffix'));
      await s.h.s3.removeObject('watched', 'in/a note.txt');
      for (let i = 0; i < 100 && messages.length < 2; i++) await new Promise((r) => setTimeout(r, 25));
      await new Promise((r) => setTimeout(r, 200));
      const parsed = messages.map((m) => watchMessageSchema.parse(m));
      expect(parsed.map((m) => [m.type, m.path, m.size])).toEqual([
        ['s3:ObjectCreated:Put', 'in/a note.txt', 7],
        ['s3:ObjectRemoved:Delete', 'in/a note.txt', 0],
      ]);
      expect(Number.isNaN(Date.parse(parsed[0]?.time ?? ''))).toBe(false);
    } finally {
      socket.close();
    }
  });

  it('refuses no session (401) and another site (403); closes with 1011 and the reason for a missing bucket or a user without the right', async () => {
    expect(await s.open('/ws/watch/watched', {})).toEqual({ refused: 401 });
    expect(
      await s.open('/ws/watch/watched', { cookie: s.rootCookie, origin: 'https://evil.example' }),
    ).toEqual({
      refused: 403,
    });
    const missing = await s.open('/ws/watch/no-such-bucket');
    if (!('socket' in missing)) throw new Error(`refused with ${missing.refused}`);
    expect(await missing.closed).toEqual({ code: 1011, reason: 'The specified bucket does not exist' });

    await s.h.admin.addUser('watch-less', 'watch-less-secret');
    await s.h.admin.setPolicy('readonly', 'watch-less', false);
    const userCookie = sessionCookieHeader(await s.h.login('watch-less', 'watch-less-secret'));
    const denied = await s.open('/ws/watch/watched', { cookie: userCookie });
    if (!('socket' in denied)) throw new Error(`refused with ${denied.refused}`);
    const closed = await denied.closed;
    expect(closed.code).toBe(1011);
    expect(closed.reason).toMatch(/denied/i);
  });
});
