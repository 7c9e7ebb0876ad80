// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHARE_DURATION,
  isValidShareDuration,
  setShareDurationPart,
  shareDurationMs,
  shareExpiresParam,
  shareExpiryDate,
} from './share-duration';

describe('share link duration (spec 1 §4, §5, §9)', () => {
  it('defaults to 7 days, which is valid and the maximum', () => {
    expect(DEFAULT_SHARE_DURATION).toEqual({ days: 7, hours: 0, minutes: 0 });
    expect(isValidShareDuration(DEFAULT_SHARE_DURATION)).toBe(true);
    expect(shareExpiresParam(DEFAULT_SHARE_DURATION)).toBe('604800000ms');
  });

  it('sends the total in milliseconds with the ms suffix', () => {
    const d = { days: 1, hours: 2, minutes: 3 };
    expect(shareDurationMs(d)).toBe(((24 + 2) * 60 + 3) * 60_000);
    expect(shareExpiresParam({ days: 0, hours: 0, minutes: 1 })).toBe('60000ms');
  });

  it('forces 0 hours and 0 minutes at 7 days', () => {
    const d = setShareDurationPart({ days: 6, hours: 5, minutes: 30 }, 'days', 7);
    expect(d).toEqual({ days: 7, hours: 0, minutes: 0 });
    expect(setShareDurationPart(d, 'hours', 4)).toEqual({ days: 7, hours: 0, minutes: 0 });
    expect(setShareDurationPart(d, 'minutes', 4)).toEqual({ days: 7, hours: 0, minutes: 0 });
    expect(setShareDurationPart(d, 'days', 6)).toEqual({ days: 6, hours: 0, minutes: 0 });
  });

  it('clamps each part to its range (days 0–7, hours 0–23, minutes 0–59) as whole numbers', () => {
    const zero = { days: 0, hours: 0, minutes: 0 };
    expect(setShareDurationPart(zero, 'days', 9).days).toBe(7);
    expect(setShareDurationPart(zero, 'hours', 24).hours).toBe(23);
    expect(setShareDurationPart(zero, 'minutes', 75).minutes).toBe(59);
    expect(setShareDurationPart(zero, 'minutes', -3).minutes).toBe(0);
    expect(setShareDurationPart(zero, 'hours', 2.7).hours).toBe(2);
    expect(setShareDurationPart(zero, 'hours', Number.NaN).hours).toBe(0);
  });

  it('is invalid at zero, beyond 7 days or out of range, so no link is shown', () => {
    expect(isValidShareDuration({ days: 0, hours: 0, minutes: 0 })).toBe(false);
    expect(isValidShareDuration({ days: 7, hours: 0, minutes: 1 })).toBe(false);
    expect(isValidShareDuration({ days: 8, hours: 0, minutes: 0 })).toBe(false);
    expect(isValidShareDuration({ days: 0, hours: 24, minutes: 0 })).toBe(false);
    expect(isValidShareDuration({ days: 0, hours: 0, minutes: 60 })).toBe(false);
    expect(isValidShareDuration({ days: 0, hours: 0, minutes: 1.5 })).toBe(false);
    expect(isValidShareDuration({ days: 0, hours: 0, minutes: 1 })).toBe(true);
    expect(isValidShareDuration({ days: 6, hours: 23, minutes: 59 })).toBe(true);
  });

  it('expires the given length after it was made', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(shareExpiryDate({ days: 1, hours: 1, minutes: 0 }, now).toISOString()).toBe(
      '2030-01-02T01:00:00.000Z',
    );
  });
});
