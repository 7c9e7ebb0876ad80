// SPDX-License-Identifier: Apache-2.0
import type { SpeedtestMessage } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import {
  defaultSpeedtestForm,
  formatNs,
  formatRate,
  speedtestFigures,
  speedtestFormErrors,
  speedtestSocketPath,
  speedtestState,
} from './speedtest-rules';

const phase = (t: number) => ({ throughputPerSec: t, objectsPerSec: 1, servers: [] });
const object = (concurrent: number, t: number): SpeedtestMessage => ({
  type: 'object',
  size: 1,
  concurrent,
  servers: 1,
  disks: 4,
  put: phase(t),
  get: phase(t),
});

describe('speedtest rules', () => {
  it('checks the form and builds the socket query', () => {
    expect(speedtestFormErrors(defaultSpeedtestForm)).toEqual({});
    const bad = speedtestFormErrors({
      ...defaultSpeedtestForm,
      sizeMiB: '0',
      durationSec: '1',
      concurrent: '0',
    });
    expect(Object.keys(bad).sort()).toEqual(['concurrent', 'durationSec', 'sizeMiB']);
    expect(speedtestSocketPath({ ...defaultSpeedtestForm, sizeMiB: '1', autotune: true })).toBe(
      '/ws/speedtest?size=1048576&duration=10&concurrent=8&autotune=true&drive=true',
    );
  });

  it('tells the state from the socket and the close code', () => {
    expect(speedtestState(false, 'stopped', null)).toBe('idle');
    expect(speedtestState(true, 'started', null)).toBe('running');
    expect(speedtestState(true, 'stopped', 1000)).toBe('done');
    expect(speedtestState(true, 'stopped', 1011)).toBe('failed');
  });

  it('takes the newest object figures, every drive result and the autotune steps seen', () => {
    const drive: SpeedtestMessage = { type: 'drive', endpoint: 'h:1', drives: [] };
    const rows = [drive, object(6, 30), object(4, 20), object(4, 10)].map((message, i) => ({
      id: 4 - i,
      message,
    }));
    const f = speedtestFigures(rows);
    expect(f.object?.put.throughputPerSec).toBe(30);
    expect(f.drives).toEqual([drive]);
    expect(f.steps).toBe(2);
  });

  it('formats rates and latencies', () => {
    expect(formatRate(512)).toBe('512 B/s');
    expect(formatRate(150 * 1024 * 1024)).toBe('150 MiB/s');
    expect(formatRate(1.5 * 1024 * 1024)).toBe('1.5 MiB/s');
    expect(formatNs(2_500_000)).toBe('2.5 ms');
    expect(formatNs(undefined)).toBe('—');
  });
});
