// SPDX-License-Identifier: Apache-2.0
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SocketHarness, startSocketHarness } from '../../testing/websocket.js';
import { SHUTDOWN_CLOSE } from './keep-alive.js';

// Every live socket is pinged while it is open (so proxies keep idle ones), and when the console stops,
// each is closed with 1001 and a reason the page shows.
describe('live socket keep-alives', () => {
  let s: SocketHarness;
  beforeAll(async () => {
    s = await startSocketHarness('kept', { liveKeepAliveMs: 100 });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('pings an idle trace, log and watch socket; closes them with 1001 and the reason when the console stops', async () => {
    const sockets = [];
    for (const path of ['/ws/trace?calls=s3', '/ws/console', '/ws/watch/kept']) {
      const opened = await s.open(path);
      if (!('socket' in opened)) throw new Error(`${path} refused with ${opened.refused}`);
      let pings = 0;
      opened.socket.on('ping', () => pings++);
      sockets.push({ opened, pings: () => pings });
    }
    await new Promise((r) => setTimeout(r, 650));
    for (const { pings } of sockets) expect(pings()).toBeGreaterThanOrEqual(3);
    for (const { opened } of sockets) expect(opened.socket.readyState).toBe(opened.socket.OPEN);

    await s.h.app.close();
    for (const { opened } of sockets) {
      expect(await opened.closed).toEqual({ code: SHUTDOWN_CLOSE.code, reason: SHUTDOWN_CLOSE.reason });
    }
  });
});
