// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { colourShares, emptyHealForm, healQuery, healSocketPath, withForce } from './heal-rules';

describe('heal rules', () => {
  it('Force Start unticks Force Stop and the reverse', () => {
    const started = withForce({ ...emptyHealForm, forceStop: true }, 'forceStart', true);
    expect(started).toMatchObject({ forceStart: true, forceStop: false });
    const stopped = withForce(started, 'forceStop', true);
    expect(stopped).toMatchObject({ forceStart: false, forceStop: true });
    expect(withForce(stopped, 'forceStop', false)).toMatchObject({ forceStart: false, forceStop: false });
  });

  it('sends every option on the socket query', () => {
    const q = new URLSearchParams(
      healQuery({ ...emptyHealForm, bucket: 'b', prefix: 'p/', recursive: true }),
    );
    expect(q.get('prefix')).toBe('p/');
    expect(q.get('recursive')).toBe('true');
    expect(q.get('dry-run')).toBe('false');
    expect(q.get('force-start')).toBe('false');
  });

  it('heals one bucket on its socket, or every bucket on /ws/heal without the prefix', () => {
    const form = { ...emptyHealForm, bucket: 'my bucket', prefix: 'p/' };
    expect(healSocketPath(form)).toMatch(/^\/ws\/heal\/my%20bucket\?prefix=p%2F&/);
    expect(healSocketPath({ ...form, allBuckets: true })).toMatch(/^\/ws\/heal\?prefix=&recursive=false&/);
  });

  it('shows colours as percentages of the items scanned', () => {
    expect(colourShares({ green: 3, yellow: 1, red: 0, grey: 0 })).toEqual({
      green: 75,
      yellow: 25,
      red: 0,
      grey: 0,
    });
    expect(colourShares({ green: 0, yellow: 0, red: 0, grey: 0 }).green).toBe(0);
  });
});
