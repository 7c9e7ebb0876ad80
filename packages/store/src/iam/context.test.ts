// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { IamContext } from './context.js';
import { MemorySystemStore } from './testing/memory-system-store.js';
import { TEST_ROOT } from './testing/parts.js';

describe('IamContext', () => {
  it('runs serial work one at a time, in order, and carries on after a failure', async () => {
    const ctx = new IamContext(new MemorySystemStore(), TEST_ROOT);
    const log: string[] = [];
    const slow = ctx.serial(async () => {
      await new Promise((r) => setTimeout(r, 20));
      log.push('slow');
    });
    const failing = ctx.serial(async () => {
      log.push('failing');
      throw new Error('boom');
    });
    const fast = ctx.serial(async () => {
      log.push('fast');
      return 7;
    });
    await expect(failing).rejects.toThrow('boom');
    await slow;
    expect(await fast).toBe(7);
    expect(log).toEqual(['slow', 'failing', 'fast']);
  });

  it('knows root and tells change listeners', () => {
    const ctx = new IamContext(new MemorySystemStore(), TEST_ROOT);
    expect(ctx.isRoot(TEST_ROOT.accessKey)).toBe(true);
    expect(ctx.isRoot('someone')).toBe(false);
    let calls = 0;
    ctx.onChange(() => calls++);
    ctx.changed();
    ctx.changed();
    expect(calls).toBe(2);
  });
});
