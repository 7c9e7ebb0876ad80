// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import {
  HEAL_WAIT_TICK_MS,
  healPacing,
  healWait,
  SCANNER_SPEED_PACING,
  scannerPacing,
  scannerSleepMs,
} from './pacing.js';

describe('scanner pacing (scanner set)', () => {
  it("maps MinIO's speeds to sleep factor, longest sleep and cycle", () => {
    expect(scannerPacing({ speed: 'fastest' })).toEqual({ delay: 0, maxWaitMs: 0, cycleMs: 1000 });
    expect(scannerPacing({ speed: 'fast' })).toEqual({ delay: 1, maxWaitMs: 100, cycleMs: 60_000 });
    expect(scannerPacing({ speed: 'default' })).toEqual({ delay: 2, maxWaitMs: 1000, cycleMs: 60_000 });
    expect(scannerPacing({ speed: 'slow' })).toEqual({ delay: 10, maxWaitMs: 15_000, cycleMs: 60_000 });
    expect(scannerPacing({ speed: 'slowest' })).toEqual({
      delay: 100,
      maxWaitMs: 15_000,
      cycleMs: 1_800_000,
    });
    expect(scannerPacing({})).toEqual(SCANNER_SPEED_PACING.default);
  });

  it('sleeps delay × work time, capped by the longest sleep; slower speeds sleep longer', () => {
    const sleeps = (['fastest', 'fast', 'default', 'slow', 'slowest'] as const).map((speed) =>
      scannerSleepMs(50, scannerPacing({ speed })),
    );
    expect(sleeps).toEqual([0, 50, 100, 500, 5000]);
    expect(scannerSleepMs(10_000, scannerPacing({ speed: 'default' }))).toBe(1000);
    expect(scannerSleepMs(10_000, scannerPacing({ speed: 'slowest' }))).toBe(15_000);
  });

  it("honours the deprecated delay/max_wait/cycle only with speed default and both set (MinIO's rule)", () => {
    expect(scannerPacing({ speed: 'default', delay: '5', max_wait: '3s', cycle: '2m' })).toEqual({
      delay: 5,
      maxWaitMs: 3000,
      cycleMs: 120_000,
    });
    expect(scannerPacing({ speed: 'default', delay: '5', max_wait: '3s' }).cycleMs).toBe(60_000);
    expect(scannerPacing({ speed: 'default', delay: '5' })).toEqual(SCANNER_SPEED_PACING.default);
    expect(scannerPacing({ speed: 'slow', delay: '5', max_wait: '3s' })).toEqual(SCANNER_SPEED_PACING.slow);
  });
});

describe('heal pacing (heal set)', () => {
  it('reads bitrotscan, max_sleep and max_io', () => {
    expect(healPacing({ bitrotscan: 'on', max_sleep: '250ms', max_io: '3' })).toEqual({
      bitrotScan: true,
      maxSleepMs: 250,
      maxIO: 3,
    });
    expect(healPacing({ bitrotscan: 'off', max_sleep: '1s', max_io: '100' })).toEqual({
      bitrotScan: false,
      maxSleepMs: 1000,
      maxIO: 100,
    });
  });

  it('waits in 100 ms ticks while traffic is at max_io, at most max_sleep in all', async () => {
    const pauses: number[] = [];
    const pause = async (ms: number): Promise<void> => {
      pauses.push(ms);
    };
    const busy = healPacing({ bitrotscan: 'off', max_sleep: '250ms', max_io: '3' });
    expect(await healWait(busy, () => 3, pause)).toBe(250);
    expect(pauses).toEqual([HEAL_WAIT_TICK_MS, HEAL_WAIT_TICK_MS, 50]);

    pauses.length = 0;
    expect(await healWait(busy, () => 2, pause)).toBe(0);
    expect(pauses).toEqual([]);

    // Traffic drops after the first tick: heal goes on at once.
    let io = 5;
    expect(
      await healWait(
        busy,
        () => io,
        async (ms) => {
          pauses.push(ms);
          io = 0;
        },
      ),
    ).toBe(100);

    // max_io 0: heal never waits.
    pauses.length = 0;
    expect(await healWait(healPacing({ max_io: '0', max_sleep: '1s' }), () => 1000, pause)).toBe(0);
    expect(pauses).toEqual([]);
  });
});
