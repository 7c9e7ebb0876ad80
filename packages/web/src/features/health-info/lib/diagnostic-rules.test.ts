// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { diagnosticState, reportParts } from './diagnostic-rules';

describe('diagnostic rules', () => {
  it('goes idle → in progress → success on a normal close, error on 1011, 1008 or 1006', () => {
    expect(diagnosticState(false, 'stopped', null)).toBe('idle');
    expect(diagnosticState(true, 'connecting', null)).toBe('inProgress');
    expect(diagnosticState(true, 'started', null)).toBe('inProgress');
    expect(diagnosticState(true, 'stopped', 1000)).toBe('success');
    for (const code of [1011, 1008, 1006]) expect(diagnosticState(true, 'stopped', code)).toBe('error');
  });

  it('ticks the parts of the report that arrived', () => {
    const report = { sys: { cpus: [] }, minio: { info: {} } };
    expect(reportParts.filter((p) => p.present(report)).map((p) => p.label)).toEqual(['Server info', 'CPU']);
  });
});
