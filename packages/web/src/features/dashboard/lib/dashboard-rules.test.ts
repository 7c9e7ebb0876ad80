// SPDX-License-Identifier: Apache-2.0
import type { DashboardServer } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import { allDrives, formatUptime, pageCount, pageItems, sortServers, usedPercent } from './dashboard-rules';

const server = (endpoint: string, drives = 0): DashboardServer => ({
  endpoint,
  state: 'online',
  uptime: 1,
  version: '1',
  network: {},
  drives: Array.from({ length: drives }, (_, i) => ({
    endpoint: `${endpoint}/d${i + 1}`,
    state: 'ok' as const,
    uuid: `u${i}`,
    totalSpace: 100,
    usedSpace: 10,
    availableSpace: 90,
    pool: 0,
    set: 0,
  })),
});

describe('dashboard rules', () => {
  it('sorts servers by endpoint, ignoring case, numbers in order', () => {
    const sorted = sortServers([server('node10:9000'), server('Node2:9000'), server('alpha:9000')]);
    expect(sorted.map((s) => s.endpoint)).toEqual(['alpha:9000', 'Node2:9000', 'node10:9000']);
  });

  it('lists drives server by server', () => {
    const drives = allDrives([server('b', 1), server('a', 2)]);
    expect(drives.map((d) => d.drive.endpoint)).toEqual(['a/d1', 'a/d2', 'b/d1']);
  });

  it('pages 5 at a time; past the end shows the last page; empty has one page', () => {
    const items = Array.from({ length: 12 }, (_, i) => i);
    expect(pageCount(12)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(pageItems(items, 1)).toEqual([0, 1, 2, 3, 4]);
    expect(pageItems(items, 3)).toEqual([10, 11]);
    expect(pageItems(items, 9)).toEqual([10, 11]);
    expect(pageItems([], 1)).toEqual([]);
  });

  it('formats uptime as its two largest units', () => {
    expect(formatUptime(0)).toBe('0s');
    expect(formatUptime(45)).toBe('45s');
    expect(formatUptime(725)).toBe('12m 5s');
    expect(formatUptime(3 * 3600 + 20 * 60 + 7)).toBe('3h 20m');
    expect(formatUptime(2 * 86_400 + 4 * 3600)).toBe('2d 4h');
    expect(formatUptime(2 * 86_400 + 59)).toBe('2d');
  });

  it('says how full a drive is as df does: used over used plus available', () => {
    // A 252 GiB file system with 27 GiB used and 75 GiB available (the rest reserved) is 26.5% full.
    expect(usedPercent({ usedSpace: 27, availableSpace: 75, totalSpace: 252 })).toBeCloseTo(26.47, 2);
    expect(usedPercent({ usedSpace: 25, availableSpace: 0, totalSpace: 100 })).toBe(25);
    expect(usedPercent({ usedSpace: 0, availableSpace: 0, totalSpace: 0 })).toBe(0);
  });
});
