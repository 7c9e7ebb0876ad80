// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { liveSocketUrl, serverCloseText, withNewest } from './use-live-socket';

describe('live socket rules', () => {
  it('points the socket at this console, wss under https', () => {
    expect(liveSocketUrl('/ws/trace?calls=all', { protocol: 'http:', host: 'console:9090' })).toBe(
      'ws://console:9090/ws/trace?calls=all',
    );
    expect(liveSocketUrl('/ws/watch/b', { protocol: 'https:', host: 'c.example' })).toBe(
      'wss://c.example/ws/watch/b',
    );
  });

  it('keeps the newest rows first and at most the cap', () => {
    let rows: string[] = [];
    for (let i = 0; i < 5; i++) rows = withNewest(rows, `call-${i}`, 3);
    expect(rows).toEqual(['call-4', 'call-3', 'call-2']);
  });

  it('says why the server closed a socket: its reason, else what the code means', () => {
    expect(serverCloseText(1011, 'Access Denied.')).toBe('Access Denied.');
    expect(serverCloseText(1000, '')).toBe('The server ended the stream.');
    expect(serverCloseText(1001, '')).toBe('The console is shutting down.');
    expect(serverCloseText(1006, '')).toBe('The connection could not be opened or was cut off.');
  });
});
