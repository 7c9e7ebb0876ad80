// SPDX-License-Identifier: Apache-2.0
import { traceMessageSchema } from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieHeader } from '../../testing/console-harness.js';
import { type SocketHarness, startSocketHarness } from '../../testing/websocket.js';

// GET /ws/trace (spec 3 §7): the console relays the store's admin trace over a real WebSocket.
describe('live trace over WebSocket', () => {
  let s: SocketHarness;
  beforeAll(async () => {
    s = await startSocketHarness('watched');
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Repeats `call` until `seen` holds for a message (the subscription is live), then returns the messages. */
  async function until(messages: unknown[], call: () => Promise<unknown>, seen: (m: unknown) => boolean) {
    for (let i = 0; i < 100 && !messages.some(seen); i++) {
      await call().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(messages.some(seen)).toBe(true);
  }

  it('streams S3 calls as trace messages, narrowed by path and status code', async () => {
    const opened = await s.open('/ws/trace?calls=s3&path=/watched/&statusCode=200');
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    const { socket, messages } = opened;
    try {
      await until(
        messages,
        () => s.h.s3.putObject('watched', 'note.txt', Buffer.from('twelve bytes')),
        (m) => (m as { api?: string }).api === 's3.PutObject',
      );
      await s.h.s3.statObject('watched', 'missing').catch(() => undefined);
      await s.h.s3.listBuckets();
      await s.h.s3.statObject('watched', 'note.txt');
      await new Promise((r) => setTimeout(r, 300));
      const parsed = messages.map((m) => traceMessageSchema.parse(m));
      const put = parsed.find((m) => m.api === 's3.PutObject');
      expect(put).toMatchObject({
        method: 'PUT',
        path: '/watched/note.txt',
        statusCode: 200,
        statusMsg: 'OK',
        host: new URL(s.h.store.url).host,
        client: '127.0.0.1',
        callStats: { rx: 12 },
      });
      expect(put?.callStats.duration).toBeGreaterThan(0);
      // The 404 HEAD and the ListBuckets (path '/') are filtered out; the 200 HEAD is not.
      expect(parsed.every((m) => m.statusCode === 200 && m.path.includes('/watched/'))).toBe(true);
      expect(parsed.some((m) => m.api === 's3.HeadObject')).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('errors only: a failed call comes through, a successful one does not', async () => {
    const opened = await s.open('/ws/trace?calls=all&onlyErrors=yes');
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    const { socket, messages } = opened;
    try {
      await until(
        messages,
        () => s.h.s3.statObject('watched', 'nope'),
        (m) => (m as { path?: string }).path === '/watched/nope',
      );
      await s.h.s3.putObject('watched', 'fine.txt', Buffer.from('ok'));
      await s.h.s3.statObject('watched', 'nope-again').catch(() => undefined);
      await until(
        messages,
        async () => undefined,
        (m) => (m as { path?: string }).path === '/watched/nope-again',
      );
      const parsed = messages.map((m) => traceMessageSchema.parse(m));
      expect(parsed.every((m) => m.statusCode >= 400)).toBe(true);
      expect(parsed.find((m) => m.path === '/watched/nope')?.statusMsg).toBe('Not Found');
    } finally {
      socket.close();
    }
  });

  it('refuses no session (401), a bad query (400) and another site (403); closes with 1011 when the store refuses the user', async () => {
    expect(await s.open('/ws/trace?calls=s3', {})).toEqual({ refused: 401 });
    expect(await s.open('/ws/trace?threshold=-5')).toEqual({ refused: 400 });
    expect(await s.open('/ws/trace?calls=everything')).toEqual({ refused: 400 });
    expect(
      await s.open('/ws/trace?calls=s3', { cookie: s.rootCookie, origin: 'https://evil.example' }),
    ).toEqual({
      refused: 403,
    });
    await s.h.admin.addUser('trace-less', 'trace-less-secret');
    await s.h.admin.setPolicy('readwrite', 'trace-less', false);
    const userCookie = sessionCookieHeader(await s.h.login('trace-less', 'trace-less-secret'));
    const opened = await s.open('/ws/trace?calls=s3', { cookie: userCookie });
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    // The store refuses the trace itself: the socket closes with 1011 and the store's reason.
    const closed = await opened.closed;
    expect(closed.code).toBe(1011);
    expect(closed.reason).toMatch(/denied/i);
  });
});
