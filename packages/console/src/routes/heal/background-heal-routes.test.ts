// SPDX-License-Identifier: Apache-2.0
import { backgroundHealSchema } from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../../testing/console-harness.js';

// GET /api/v1/admin/heal/background: the store's background-heal/status as the Heal page shows it.
describe('background heal through the console', () => {
  let h: ConsoleHarness;
  beforeAll(async () => {
    h = await startConsoleHarness();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it("shows every drive's state and the classes' parity; a user without admin:Heal gets 403", async () => {
    const call = jsonCaller(h.app, await h.login());
    const res = await call('GET', '/api/v1/admin/heal/background');
    expect(res.status).toBe(200);
    const state = backgroundHealSchema.parse(res.body);
    expect(state.drives.map((d) => d.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(state.healDisks).toEqual([]);
    expect(state.parity).toEqual({ STANDARD: 2, REDUCED_REDUNDANCY: 1 });
    await h.admin.addUser('no-heal', 'no-heal-secret');
    await h.admin.setPolicy('readwrite', 'no-heal', false);
    const user = jsonCaller(h.app, await h.login('no-heal', 'no-heal-secret'));
    expect((await user('GET', '/api/v1/admin/heal/background')).status).toBe(403);
  });
});
