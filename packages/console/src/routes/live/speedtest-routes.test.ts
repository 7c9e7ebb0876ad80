// SPDX-License-Identifier: Apache-2.0
import { type SpeedtestMessage, speedtestMessageSchema } from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieHeader } from '../../testing/console-harness.js';
import { type SocketHarness, startSocketHarness } from '../../testing/websocket.js';

// GET /ws/speedtest (Tools → Performance): the store's object speedtest and drive test relayed to the
// browser with the user's credentials; nothing of the test stays in the store.
describe('speedtest over WebSocket', () => {
  let s: SocketHarness;
  beforeAll(async () => {
    s = await startSocketHarness('kept');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('streams object figures, then each drive, and closes with 1000', async () => {
    const opened = await s.open('/ws/speedtest?size=65536&duration=2&concurrent=2&autotune=false&drive=true');
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    expect(await opened.closed).toEqual({ code: 1000, reason: 'The speedtest is complete.' });
    const messages = opened.messages.map((m) => speedtestMessageSchema.parse(m));
    const objects = messages.filter(
      (m): m is Extract<SpeedtestMessage, { type: 'object' }> => m.type === 'object',
    );
    expect(objects.length).toBeGreaterThan(1);
    const final = objects.at(-1);
    expect(final?.size).toBe(65536);
    expect(final?.concurrent).toBe(2);
    expect(final?.put.throughputPerSec).toBeGreaterThan(0);
    expect(final?.get.throughputPerSec).toBeGreaterThan(0);
    expect(final?.put.servers[0]?.err).toBe('');
    const drive = messages.at(-1);
    if (drive?.type !== 'drive') throw new Error('the last message is not the drive test');
    expect(drive.drives).toHaveLength(4);
    for (const d of drive.drives) expect(d.writeThroughput).toBeGreaterThan(0);
    // Only the harness's own bucket is left.
    expect((await s.h.s3.listBuckets()).map((b) => b.name)).toEqual(['kept']);
  }, 60_000);

  it('refuses a size below 4 KiB (400); a user without admin:OBDInfo gets 1011 and the reason', async () => {
    expect(await s.open('/ws/speedtest?size=10')).toEqual({ refused: 400 });
    await s.h.admin.addUser('speed-less', 'speed-less-secret');
    await s.h.admin.setPolicy('readwrite', 'speed-less', false);
    const cookie = sessionCookieHeader(await s.h.login('speed-less', 'speed-less-secret'));
    const opened = await s.open('/ws/speedtest?size=65536&duration=2', { cookie });
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    const closed = await opened.closed;
    expect(closed.code).toBe(1011);
    expect(closed.reason).toMatch(/denied/i);
  });
});
