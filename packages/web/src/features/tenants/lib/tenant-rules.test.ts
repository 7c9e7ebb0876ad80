// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import {
  ageText,
  healthColour,
  highlightedLines,
  nextPoolName,
  poolRows,
  retypedNameProblem,
} from './tenant-rules';

const gi = 1024 ** 3;
const pool = (servers: number, vps: number, size: number, name = '') => ({
  name,
  servers,
  volumes_per_server: vps,
  volume_configuration: { size },
});

describe('tenant rules', () => {
  it('health colours are red, yellow, green, else grey', () => {
    expect(healthColour('green')).toBe('green');
    expect(healthColour('red')).toBe('red');
    expect(healthColour('')).toBe('grey');
    expect(healthColour(undefined)).toBe('grey');
  });
  it('pools get a label, volumes and capacity (size × volumes per server × servers)', () => {
    expect(poolRows([pool(4, 2, 10 * gi), pool(2, 1, gi, 'extra')])).toEqual([
      { label: 'pool-0', name: 'pool-0', servers: 4, volumes: 8, capacity: 80 * gi },
      { label: 'pool-1', name: 'extra', servers: 2, volumes: 2, capacity: 2 * gi },
    ]);
    expect(nextPoolName([pool(4, 1, gi)])).toBe('pool-1');
  });
  it('the retyped name must match exactly', () => {
    expect(retypedNameProblem('tenant-a', 'tenant-a')).toBeUndefined();
    expect(retypedNameProblem('tenant-a', 'Tenant-a')).toBe('Tenant name is incorrect.');
  });
  it('ages count from the creation second', () => {
    expect(ageText(1000, 1_045_000)).toBe('45s');
    expect(ageText(1000, (1000 + 3 * 3600) * 1000)).toBe('3h');
    expect(ageText(1000, (1000 + 2 * 86400) * 1000)).toBe('2d');
  });
  it('highlights the lines containing the text, ignoring case', () => {
    expect([...highlightedLines(['Started', 'API: listening', 'error: x'], 'ERROR')]).toEqual([2]);
    expect(highlightedLines(['a'], ' ').size).toBe(0);
  });
});
