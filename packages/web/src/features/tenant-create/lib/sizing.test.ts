// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import {
  distribute,
  erasureCodeCalc,
  evaluateSize,
  gi,
  type MemoryCheck,
  memoryProblem,
  parityNumber,
  sizingMessages,
} from './sizing';
import { initialWizardForm } from './wizard-form';

const ok: MemoryCheck = { state: 'ok', maxMemory: 16 * gi };
const fmt = (b: number): string => `${b / gi}Gi`;

describe('distribution (spec 3 §3, §5)', () => {
  it('spreads the total evenly over servers × drives', () => {
    expect(distribute(100 * gi, 4, 1)).toEqual({
      nodes: 4,
      disks: 4,
      persistentVolumes: 4,
      pvSize: 25 * gi,
      error: '',
    });
  });
  it('says why a combination does not work', () => {
    expect(distribute(gi / 2, 4, 1).error).toBe('The pool size must be greater than 1Gi');
    expect(distribute(10 * gi, 4, 0).error).toBe('Number of drives must be at least 1');
    expect(distribute(2 * gi, 4, 1).error).toBe(
      'Disk Size with this combination would be less than 1Gi, please try another combination',
    );
  });
});

describe('erasure code calculation', () => {
  it('gives usable capacity and tolerance per parity choice', () => {
    const calc = erasureCodeCalc(['EC:2', 'EC:1', 'EC:0'], 4, 25 * gi);
    expect(calc.error).toBe('');
    expect(calc.setSize).toBe(4);
    expect(calc.rawCapacity).toBe(100 * gi);
    expect(calc.defaultEC).toBe('EC:2');
    expect(calc.storageFactors[0]).toEqual({
      erasureCode: 'EC:2',
      maxCapacity: 50 * gi,
      maxFailureTolerations: 2,
    });
  });
  it('refuses parity above half a set and drive counts no set size divides', () => {
    expect(erasureCodeCalc(['EC:3'], 4, gi).error).toBe('Some provided data is invalid, please try again.');
    expect(erasureCodeCalc(['EC:1'], 17, gi).error).toBe('We were not able to allocate this server.');
    expect(parityNumber('EC:4')).toBe(4);
  });
});

describe('memory per node', () => {
  it('checks the request against what the server can allocate', () => {
    expect(memoryProblem('', ok)).toBe('Field cannot be empty');
    expect(memoryProblem('1', ok)).toBe('Memory size must be greater than 2Gi');
    expect(memoryProblem('2', { state: 'ok', maxMemory: 0 })).toBe(sizingMessages.noMemory);
    expect(memoryProblem('2', { state: 'ok', maxMemory: gi })).toBe(
      'There are not enough memory resources available',
    );
    expect(memoryProblem('32', ok)).toBe(
      'The requested memory is greater than the max available memory for the selected number of nodes',
    );
    expect(memoryProblem('2', ok)).toBeUndefined();
  });
});

describe('the size page', () => {
  const size = initialWizardForm().tenantSize;
  it('is valid with the defaults, a parity choice and enough memory', () => {
    const e = evaluateSize({ ...size, ecParity: 'EC:2' }, 1024 * gi, ok, ['EC:2', 'EC:1'], fmt);
    expect(e.problems).toEqual({});
    expect(e.valid).toBe(true);
    expect(e.distribution.pvSize).toBe(25 * gi);
  });
  it('flags each field with the spec message', () => {
    const e = evaluateSize(
      { ...size, volumeSize: '2000', drivesPerServer: '0', memoryNode: '1', ecParity: 'EC:2' },
      1024 * gi,
      ok,
      ['EC:2'],
      fmt,
    );
    expect(e.problems.volumeSize).toBe('Volume size must be greater than 1Gi and less than 1024Gi');
    expect(e.problems.drivesPerServer).toBe('There must be at least one drive');
    expect(e.problems.memoryNode).toBe('Memory size must be greater than 2Gi');
    expect(e.valid).toBe(false);
  });
  it('shows the memory query error on the nodes field and is invalid after a failed parity query', () => {
    const failed = evaluateSize(size, undefined, { state: 'failed', error: 'boom' }, ['EC:2'], fmt);
    expect(failed.problems.nodes).toBe('boom');
    expect(evaluateSize({ ...size, ecParity: 'EC:2' }, undefined, ok, null, fmt).valid).toBe(false);
  });
});
