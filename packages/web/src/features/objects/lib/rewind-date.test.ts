// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { clampDay, daysInMonth, isValidPick, pickFromDate, pickToIso, rewindYears } from './rewind-date';
import { activeRewindDate, RewindStore } from './rewind-store';

const now = new Date(2026, 10, 22, 10, 0);
const pick = (year: number, month: number, day: number, hour = 12, minute = 0) => ({
  year,
  month,
  day,
  hour,
  minute,
});

describe('rewind date picker (spec 1 §4, §9)', () => {
  it('offers 25 years, this one first', () => {
    const years = rewindYears(now);
    expect(years).toHaveLength(25);
    expect(years[0]).toBe(2026);
    expect(years[24]).toBe(2002);
  });

  it('knows the length of each month, leap years included', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2025, 4)).toBe(30);
    expect(daysInMonth(2025, 12)).toBe(31);
  });

  it('accepts only real calendar dates within the year list', () => {
    expect(isValidPick(pick(2024, 2, 29), now)).toBe(true);
    expect(isValidPick(pick(2023, 2, 29), now)).toBe(false);
    expect(isValidPick(pick(2025, 2, 30), now)).toBe(false);
    expect(isValidPick(pick(2025, 4, 31), now)).toBe(false);
    expect(isValidPick(pick(2025, 13, 1), now)).toBe(false);
    expect(isValidPick(pick(2025, 1, 0), now)).toBe(false);
    expect(isValidPick(pick(2001, 6, 1), now)).toBe(false);
    expect(isValidPick(pick(2027, 6, 1), now)).toBe(false);
    expect(isValidPick(pick(2025, 6, 1, 24), now)).toBe(false);
    expect(isValidPick(pick(2025, 6, 1, 23, 60), now)).toBe(false);
  });

  it('moves a day past the end of a newly chosen month to its last day', () => {
    expect(clampDay(pick(2025, 2, 31))).toEqual(pick(2025, 2, 28));
    expect(clampDay(pick(2024, 2, 30))).toEqual(pick(2024, 2, 29));
    expect(clampDay(pick(2025, 3, 31))).toEqual(pick(2025, 3, 31));
  });

  it('sends the local date and time as an ISO date and reads it back', () => {
    const iso = pickToIso(pick(2025, 3, 4, 5, 6));
    expect(iso).toBe(new Date(2025, 2, 4, 5, 6).toISOString());
    expect(pickFromDate(new Date(iso))).toEqual(pick(2025, 3, 4, 5, 6));
  });
});

describe('rewind state (spec 1 §4)', () => {
  it("applies to its bucket only and resets when another bucket is shown or on 'Show Current Data'", () => {
    const store = new RewindStore();
    let notified = 0;
    store.subscribe(() => notified++);
    store.enable('a', '2025-01-01T00:00:00.000Z');
    expect(activeRewindDate(store.get(), 'a')).toBe('2025-01-01T00:00:00.000Z');
    expect(activeRewindDate(store.get(), 'b')).toBeUndefined();
    store.syncBucket('a');
    expect(store.get().enabled).toBe(true);
    store.syncBucket('b');
    expect(store.get().enabled).toBe(false);
    expect(activeRewindDate(store.get(), 'a')).toBeUndefined();
    store.enable('a', '2025-01-01T00:00:00.000Z');
    store.reset();
    expect(store.get().enabled).toBe(false);
    expect(notified).toBe(4);
  });
});
