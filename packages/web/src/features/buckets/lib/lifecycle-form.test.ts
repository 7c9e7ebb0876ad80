// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import {
  canSaveLifecycleRule,
  emptyLifecycleForm,
  lifecycleFormOf,
  lifecycleRequest,
  lifecycleUpdate,
  whenText,
} from './lifecycle-form';

const form = (over: Partial<typeof emptyLifecycleForm>) => ({ ...emptyLifecycleForm, ...over });

describe('lifecycle rule form (spec 1 §5 Save rules, §3 payload, §7 dates)', () => {
  it('expiry by days needs at least 1 day; by date a date', () => {
    expect(canSaveLifecycleRule(form({}))).toBe(false);
    expect(canSaveLifecycleRule(form({ days: '0' }))).toBe(false);
    expect(canSaveLifecycleRule(form({ days: '1.5' }))).toBe(false);
    expect(canSaveLifecycleRule(form({ days: '1' }))).toBe(true);
    expect(canSaveLifecycleRule(form({ by: 'date' }))).toBe(false);
    expect(canSaveLifecycleRule(form({ by: 'date', date: '2030-01-02' }))).toBe(true);
  });

  it('a transition also needs a storage class', () => {
    expect(canSaveLifecycleRule(form({ type: 'transition', days: '3' }))).toBe(false);
    expect(canSaveLifecycleRule(form({ type: 'transition', days: '3', storageClass: 'COLD' }))).toBe(true);
    expect(canSaveLifecycleRule(form({ type: 'transition', by: 'date', storageClass: 'COLD' }))).toBe(false);
  });

  it('builds the create payload: tags joined by &, dates as the day plus T23:59:59Z', () => {
    expect(
      lifecycleRequest(
        form({
          prefix: ' logs/ ',
          tags: [
            { key: 'a', value: '1' },
            { key: ' ', value: 'ignored' },
            { key: 'b', value: '' },
          ],
          by: 'date',
          date: '2030-01-02',
          noncurrentDays: '7',
          expiredDeleteMarker: true,
        }),
      ),
    ).toEqual({
      type: 'expiry',
      prefix: 'logs/',
      tags: 'a=1&b=',
      expired_object_delete_marker: true,
      expiry_date: '2030-01-02T23:59:59Z',
      noncurrentversion_expiration_days: 7,
    });
    expect(
      lifecycleUpdate(
        form({ type: 'transition', days: '30', storageClass: 'COLD', noncurrentDays: '2', enabled: false }),
      ),
    ).toEqual({
      type: 'transition',
      prefix: '',
      tags: '',
      expired_object_delete_marker: false,
      transition_days: 30,
      storage_class: 'COLD',
      noncurrentversion_transition_days: 2,
      noncurrentversion_transition_storage_class: 'COLD',
      disable: true,
    });
  });

  it('reads a rule back into the edit form; 0001-01-01 is no date', () => {
    const rule = {
      id: 'r1',
      prefix: 'p/',
      status: 'Disabled' as const,
      tags: [{ key: 'k', value: 'v' }],
      expiration: {
        days: 0,
        date: '0001-01-01T00:00:00Z',
        delete_marker: false,
        noncurrent_expiration_days: 0,
      },
      transition: {
        days: 0,
        date: '2031-05-01T00:00:00Z',
        storage_class: 'COLD',
        noncurrent_transition_days: 4,
        noncurrent_storage_class: 'COLD',
      },
    };
    expect(lifecycleFormOf(rule)).toMatchObject({
      type: 'transition',
      by: 'date',
      date: '2031-05-01',
      days: '',
      noncurrentDays: '4',
      enabled: false,
    });
    expect(whenText(rule.transition)).toBe('2031-05-01');
    expect(whenText(rule.expiration)).toBe('');
    expect(whenText({ days: 1, date: '0001-01-01T00:00:00Z' })).toBe('1 day');
  });
});
