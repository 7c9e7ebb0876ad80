// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import {
  dayStart,
  initialRetentionForm,
  isModeFixed,
  localDay,
  retentionAction,
  showsStatusSwitch,
} from './retention-rules';

const now = new Date(2030, 5, 15, 12, 0, 0); // 15 June 2030, noon local
const none = {};
const governance = {
  retention_mode: 'GOVERNANCE' as const,
  retention_until_date: new Date(2030, 6, 1).toISOString(),
};
const compliance = {
  retention_mode: 'COMPLIANCE' as const,
  retention_until_date: new Date(2030, 6, 1).toISOString(),
};

describe('object retention dialog (spec 1 §4 "Retention (object)", §5)', () => {
  it('starts from the object: switch on with its mode and day, or off with no mode', () => {
    expect(initialRetentionForm(none)).toEqual({ enabled: false, mode: undefined, date: '' });
    expect(initialRetentionForm(governance)).toEqual({
      enabled: true,
      mode: 'governance',
      date: '2030-07-01',
    });
  });

  it('fixes the mode once the object has one', () => {
    expect(isModeFixed(none)).toBe(false);
    expect(isModeFixed(governance)).toBe(true);
    expect(isModeFixed(compliance)).toBe(true);
  });

  it('shows the status switch only for governance or no mode', () => {
    expect(showsStatusSwitch(none)).toBe(true);
    expect(showsStatusSwitch(governance)).toBe(true);
    expect(showsStatusSwitch(compliance)).toBe(false);
  });

  it('removes governance retention when switched off', () => {
    expect(
      retentionAction(governance, { enabled: false, mode: 'governance', date: '2030-07-01' }, now),
    ).toEqual({
      kind: 'delete',
    });
    expect(retentionAction(none, { enabled: false, mode: undefined, date: '' }, now).kind).toBe('invalid');
  });

  it('needs a mode and a date, and the date must be a real day in the future', () => {
    expect(retentionAction(none, { enabled: true, mode: undefined, date: '2030-07-01' }, now)).toMatchObject({
      kind: 'invalid',
      reason: 'Choose a retention mode',
    });
    expect(retentionAction(none, { enabled: true, mode: 'compliance', date: '' }, now)).toMatchObject({
      kind: 'invalid',
      reason: 'A retention date is required',
    });
    expect(
      retentionAction(none, { enabled: true, mode: 'compliance', date: '2030-06-15' }, now),
    ).toMatchObject({
      reason: 'The retention date must be in the future',
    });
    expect(
      retentionAction(none, { enabled: true, mode: 'compliance', date: '2030-02-31' }, now),
    ).toMatchObject({
      reason: 'The retention date is not a valid date',
    });
  });

  it('sends the mode and the start of the chosen day; governance with the bypass', () => {
    const a = retentionAction(none, { enabled: true, mode: 'compliance', date: '2030-06-16' }, now);
    expect(a).toEqual({
      kind: 'put',
      body: { mode: 'compliance', expires: new Date(2030, 5, 16).toISOString() },
    });
    const b = retentionAction(none, { enabled: true, mode: 'governance', date: '2030-06-16' }, now);
    expect(b).toMatchObject({ kind: 'put', body: { mode: 'governance', governance_bypass: true } });
  });

  it('keeps the object mode even if the form says otherwise, and compliance only extends', () => {
    const a = retentionAction(governance, { enabled: true, mode: 'compliance', date: '2030-08-01' }, now);
    expect(a).toMatchObject({ kind: 'put', body: { mode: 'governance' } });
    expect(
      retentionAction(compliance, { enabled: true, mode: 'compliance', date: '2030-06-20' }, now),
    ).toMatchObject({ kind: 'invalid', reason: 'Compliance retention can only be extended' });
    expect(
      retentionAction(compliance, { enabled: true, mode: 'compliance', date: '2030-08-01' }, now).kind,
    ).toBe('put');
  });

  it('reads and writes days in local time', () => {
    expect(localDay(new Date(2031, 0, 5, 23, 59))).toBe('2031-01-05');
    expect(dayStart('2031-01-05')?.getTime()).toBe(new Date(2031, 0, 5).getTime());
    expect(dayStart('2031-1-5')).toBeUndefined();
  });
});
