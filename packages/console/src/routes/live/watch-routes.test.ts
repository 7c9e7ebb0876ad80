import { watchMessageSchema } from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsoleHarness,
  sessionCookieHeader,
  startConsoleHarness,
} from '../../testing/console-harness.js';
import { openWebSocket } from '../../testing/websocket.js';

// GET /ws/watch/{bucket} (spec 3 §7): bucket changes relayed from the store over a real WebSocket.
describe('watch over WebSocket', () => {
  let h: ConsoleHarness;
  let base: string;
  let rootCookie: string;

  beforeAll(async () => {
    h = await startConsoleHarness({ drives: 4 });
    await h.s3.makeBucket('watched');
    base = (await h.listen()).replace(/^http/, 'ws');
    rootCookie = sessionCookieHeader(await h.login());
  });
  afterAll(async () => {
    await h?.close();
  });

  const open = (path: string, headers: Record<string, string> = { cookie: rootCookie }) =>
    openWebSocket(`${base}${path}`, headers);

  it('sends each created and removed object under the prefix and with the suffix', async () => {
    const opened = await open('/ws/watch/watched?prefix=in/&suffix=.txt');
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    const { socket, messages } = opened;
    try {
      // Live once a probe written after opening comes through.
      for (let i = 0; i < 100 && messages.length === 0; i++) {
        await h.s3.putObject('watched', `in/probe-${i}.txt`, Buffer.from('p'));
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(messages.length).toBeGreaterThan(0);
      messages.length = 0;
      // Idle long enough for keep-alive spaces to go out: the records after them must still parse.
      await new Promise((r) => setTimeout(r, 1200));
      await h.s3.putObject('watched', 'in/a note.txt', Buffer.from('seven b'));
      await h.s3.putObject('watched', 'out/b.txt', Buffer.from('other prefix'));
      await h.s3.putObject('watched', 'in/c.bin', Buffer.from('other suffix'));
      await h.s3.removeObject('watched', 'in/a note.txt');
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
    expect(await open('/ws/watch/watched', {})).toEqual({ refused: 401 });
    expect(await open('/ws/watch/watched', { cookie: rootCookie, origin: 'https://evil.example' })).toEqual({
      refused: 403,
    });
    const missing = await open('/ws/watch/no-such-bucket');
    if (!('socket' in missing)) throw new Error(`refused with ${missing.refused}`);
    expect(await missing.closed).toEqual({ code: 1011, reason: 'The specified bucket does not exist' });

    await h.admin.addUser('watch-less', 'watch-less-secret');
    await h.admin.setPolicy('readonly', 'watch-less', false);
    const userCookie = sessionCookieHeader(await h.login('watch-less', 'watch-less-secret'));
    const denied = await open('/ws/watch/watched', { cookie: userCookie });
    if (!('socket' in denied)) throw new Error(`refused with ${denied.refused}`);
    const closed = await denied.closed;
    expect(closed.code).toBe(1011);
    expect(closed.reason).toMatch(/denied/i);
  });
});
