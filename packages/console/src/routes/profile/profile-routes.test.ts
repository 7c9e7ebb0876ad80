// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, profileStartResponseSchema } from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../session/session-cookie.js';
import { type ConsoleHarness, startConsoleHarness } from '../../testing/console-harness.js';
import { unzip } from '../../testing/unzip.js';

// Tools → Profile through the console: start profiling the store, stop, and the zip holds the profiles
// Chrome DevTools opens; errors as {errorMessage, detailedError}.
describe('profile through the console', () => {
  let h: ConsoleHarness;
  let token: string;
  const post = (url: string, payload?: unknown, cookie = token) =>
    h.app.inject({
      method: 'POST',
      url,
      cookies: { [SESSION_COOKIE]: cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    h = await startConsoleHarness();
    token = await h.login();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('starts a CPU and a heap profile; Stop sends profile.zip with a .cpuprofile and a .heapprofile', async () => {
    const start = await post('/api/v1/admin/profile/start', { types: ['cpu', 'mem'] });
    expect(start.statusCode).toBe(200);
    const host = new URL(h.store.url).host;
    expect(profileStartResponseSchema.parse(start.json()).nodes).toEqual([
      { nodeName: host, success: true, error: '' },
    ]);
    // Work for the profiler to see: objects written through the store while it runs.
    await h.s3.makeBucket('profiled');
    for (let i = 0; i < 20; i++) await h.s3.putObject('profiled', `o${i}`, Buffer.alloc(64 * 1024, i));

    const stop = await post('/api/v1/admin/profile/stop');
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toBe('application/zip');
    expect(String(stop.headers['content-disposition'])).toMatch(/^attachment; filename="profile\.zip"/);
    const files = await unzip(stop.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      `profile-${host}-cpu.cpuprofile`,
      `profile-${host}-mem.heapprofile`,
    ]);
    const cpu = JSON.parse(String(files.get(`profile-${host}-cpu.cpuprofile`))) as {
      nodes: { id: number; callFrame: { functionName: string; url: string } }[];
      samples: number[];
      timeDeltas: number[];
      startTime: number;
      endTime: number;
    };
    expect(cpu.endTime).toBeGreaterThan(cpu.startTime);
    expect(cpu.samples.length).toBe(cpu.timeDeltas.length);
    expect(cpu.samples.length).toBeGreaterThan(0);
    const ids = new Set(cpu.nodes.map((n) => n.id));
    for (const s of cpu.samples) expect(ids.has(s)).toBe(true);
    // The store's own code ran while profiled: its object layer is among the frames.
    expect(cpu.nodes.some((n) => n.callFrame.url.includes('/packages/store/'))).toBe(true);
    const heap = JSON.parse(String(files.get(`profile-${host}-mem.heapprofile`))) as {
      head: { callFrame: { functionName: string }; children: unknown[] };
      samples: { size: number }[];
    };
    expect(heap.head.callFrame.functionName).toBe('(root)');
    expect(heap.samples.length).toBeGreaterThan(0);
  }, 60_000);

  it('refuses Stop with nothing running, an unknown type, no type, and a user without admin:Profiling', async () => {
    const stop = await post('/api/v1/admin/profile/stop');
    expect(stop.statusCode).toBe(400);
    expect(apiErrorSchema.parse(stop.json()).detailedError).toBe(
      'Unable to perform the requested operation because profiling is not enabled',
    );
    expect((await post('/api/v1/admin/profile/start', { types: ['goroutines'] })).statusCode).toBe(400);
    const none = await post('/api/v1/admin/profile/start', { types: [] });
    expect(none.statusCode).toBe(400);
    expect(apiErrorSchema.parse(none.json()).detailedError).toContain('Choose at least one profile type');
    await h.admin.addUser('no-profile', 'no-profile-secret');
    await h.admin.setPolicy('readwrite', 'no-profile', false);
    const cookie = await h.login('no-profile', 'no-profile-secret');
    expect((await post('/api/v1/admin/profile/start', { types: ['cpu'] }, cookie)).statusCode).toBe(403);
    expect((await post('/api/v1/admin/profile/stop', undefined, cookie)).statusCode).toBe(403);
  });
});
