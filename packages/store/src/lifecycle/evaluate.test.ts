// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../core/clock.js';
import { isS3Error } from '../core/errors.js';
import {
  abortDue,
  dueAfterDays,
  expirationHeader,
  expiryFor,
  planKey,
  type VersionFacts,
} from './evaluate.js';
import type { LifecycleConfiguration, LifecycleRule } from './types.js';
import { validateLifecycle } from './validate.js';

const T0 = Date.UTC(2026, 0, 10, 15, 30); // 10 Jan 2026 15:30 UTC
const rule = (r: Partial<LifecycleRule>): LifecycleRule => ({
  id: 'r',
  status: 'Enabled',
  filter: {},
  filterForm: 'filter',
  ...r,
});
const cfg = (...rules: LifecycleRule[]): LifecycleConfiguration => ({ rules });
const v = (versionId: string, modTime: number, more: Partial<VersionFacts> = {}): VersionFacts => ({
  versionId,
  isDeleteMarker: false,
  size: 100,
  modTime,
  tags: {},
  ...more,
});

describe('lifecycle evaluation', () => {
  it('a Days action is due at the midnight UTC after modification + days', () => {
    expect(new Date(dueAfterDays(T0, 1)).toISOString()).toBe('2026-01-12T00:00:00.000Z');
    expect(new Date(dueAfterDays(T0, 30)).toISOString()).toBe('2026-02-10T00:00:00.000Z');
  });

  it('expires the current version by days, by date, and only where the filter matches', () => {
    const c = cfg(
      rule({ id: 'logs', filter: { prefix: 'logs/', tags: { t: 'x' } }, expiration: { days: 1 } }),
      rule({
        id: 'big',
        filter: { objectSizeGreaterThan: 1000 },
        expiration: { date: '2026-03-01T00:00:00.000Z' },
      }),
    );
    const due = dueAfterDays(T0, 1);
    const tagged = v('a', T0, { tags: { t: 'x' } });
    expect(planKey(c, 'logs/1', [tagged], due - 1)).toEqual([]);
    expect(planKey(c, 'logs/1', [tagged], due)).toEqual([{ kind: 'expire-current', ruleId: 'logs' }]);
    expect(planKey(c, 'logs/1', [v('a', T0)], due + DAY_MS)).toEqual([]); // tag missing
    expect(planKey(c, 'other', [tagged], due + DAY_MS)).toEqual([]); // prefix
    const big = v('b', T0, { size: 5000 });
    expect(planKey(c, 'x', [big], Date.UTC(2026, 2, 1))).toEqual([{ kind: 'expire-current', ruleId: 'big' }]);
    expect(expiryFor(c, 'logs/1', tagged)).toEqual({ at: due, ruleId: 'logs' });
    expect(expirationHeader(due, 'logs')).toBe('expiry-date="Mon, 12 Jan 2026 00:00:00 GMT", rule-id="logs"');
  });

  it('a disabled rule does nothing', () => {
    expect(
      planKey(cfg(rule({ status: 'Disabled', expiration: { days: 1 } })), 'k', [v('a', T0)], T0 + 9 * DAY_MS),
    ).toEqual([]);
  });

  it('noncurrent versions expire counted from their successor, keeping NewerNoncurrentVersions', () => {
    const c = cfg(rule({ noncurrentVersionExpiration: { noncurrentDays: 2, newerNoncurrentVersions: 1 } }));
    const versions = [v('v4', T0 + 3 * DAY_MS), v('v3', T0 + 2 * DAY_MS), v('v2', T0 + DAY_MS), v('v1', T0)];
    // v3 is the newest noncurrent one: kept. v2 is noncurrent since v3 (T0+2d), v1 since v2 (T0+1d).
    const plan = (now: number) =>
      planKey(c, 'k', versions, now).map((a) => (a.kind === 'delete-version' ? a.versionId : a.kind));
    expect(plan(dueAfterDays(T0 + DAY_MS, 2) - 1)).toEqual([]);
    expect(plan(dueAfterDays(T0 + DAY_MS, 2))).toEqual(['v1']);
    expect(plan(dueAfterDays(T0 + 2 * DAY_MS, 2))).toEqual(['v2', 'v1']);
  });

  it('removes a delete marker left alone, also when its last version goes in the same pass', () => {
    const c = cfg(
      rule({
        expiration: { expiredObjectDeleteMarker: true },
        noncurrentVersionExpiration: { noncurrentDays: 1 },
      }),
    );
    const dm = v('dm', T0 + DAY_MS, { isDeleteMarker: true, size: 0 });
    expect(planKey(c, 'k', [dm], T0)).toEqual([
      { kind: 'delete-version', versionId: 'dm', ruleId: 'r', deleteMarker: true },
    ]);
    expect(planKey(c, 'k', [dm, v('old', T0)], T0 + DAY_MS)).toEqual([]);
    expect(
      planKey(c, 'k', [dm, v('old', T0)], dueAfterDays(T0 + DAY_MS, 1)).map(
        (a) => a.kind === 'delete-version' && a.versionId,
      ),
    ).toEqual(['old', 'dm']);
  });

  it('transitions a current version once, to the rule storage class; expiry wins', () => {
    const c = cfg(rule({ transitions: [{ days: 1, storageClass: 'COLD' }], expiration: { days: 5 } }));
    expect(planKey(c, 'k', [v('a', T0)], dueAfterDays(T0, 1))).toEqual([
      { kind: 'transition', versionId: 'a', ruleId: 'r', tier: 'COLD' },
    ]);
    expect(planKey(c, 'k', [v('a', T0, { tier: 'COLD' })], dueAfterDays(T0, 1))).toEqual([]);
    expect(planKey(c, 'k', [v('a', T0, { tier: 'COLD' })], dueAfterDays(T0, 5))).toEqual([
      { kind: 'expire-current', ruleId: 'r' },
    ]);
  });

  it('aborts uploads after DaysAfterInitiation under the prefix', () => {
    const c = cfg(
      rule({ filter: { prefix: 'tmp/' }, abortIncompleteMultipartUpload: { daysAfterInitiation: 1 } }),
    );
    expect(abortDue(c, 'tmp/a', T0, dueAfterDays(T0, 1))).toBe(true);
    expect(abortDue(c, 'tmp/a', T0, dueAfterDays(T0, 1) - 1)).toBe(false);
    expect(abortDue(c, 'keep/a', T0, dueAfterDays(T0, 9))).toBe(false);
  });
});

describe('lifecycle validation', () => {
  const code = (c: LifecycleConfiguration, tiers: string[] = []): string => {
    try {
      validateLifecycle(c, (n) => tiers.includes(n));
      return 'ok';
    } catch (err) {
      if (!isS3Error(err)) throw err;
      return `${err.code}: ${err.message}`;
    }
  };

  it('answers AWS codes with the reason', () => {
    expect(code(cfg())).toMatch(/^MalformedXML/);
    expect(code(cfg(rule({})))).toBe('InvalidRequest: At least one action needs to be specified in a rule');
    expect(code(cfg(rule({ expiration: { days: 0 } })))).toBe(
      "InvalidArgument: 'Days' for Expiration action must be a positive integer",
    );
    expect(code(cfg(rule({ expiration: { date: '2026-01-01T10:00:00.000Z' } })))).toBe(
      "InvalidArgument: 'Date' for Expiration must be at midnight GMT",
    );
    expect(code(cfg(rule({ expiration: { days: 1 } }), rule({ expiration: { days: 2 } })))).toBe(
      'InvalidArgument: Rule ID must be unique. Found same ID for more than one rule',
    );
    expect(code(cfg(rule({ expiration: { days: 1, expiredObjectDeleteMarker: true } })))).toMatch(
      /^InvalidArgument: ExpiredObjectDeleteMarker cannot be specified with Days or Date/,
    );
    expect(
      code(
        cfg(
          rule({ filter: { tags: { a: 'b' } }, abortIncompleteMultipartUpload: { daysAfterInitiation: 1 } }),
        ),
      ),
    ).toBe('InvalidArgument: AbortIncompleteMultipartUpload cannot be specified with Tags.');
    expect(
      code(
        cfg(rule({ filter: { objectSizeGreaterThan: 10, objectSizeLessThan: 5 }, expiration: { days: 1 } })),
      ),
    ).toMatch(/^InvalidArgument: ObjectSizeGreaterThan/);
    expect(code(cfg(rule({ transitions: [{ days: 1, storageClass: 'NOPE' }] })))).toBe(
      'InvalidStorageClass: The storage class NOPE is not a configured tier',
    );
    expect(code(cfg(rule({ transitions: [{ days: 1, storageClass: 'COLD' }] })), ['COLD'])).toBe('ok');
    expect(
      code(cfg(rule({ transitions: [{ days: 3, storageClass: 'COLD' }], expiration: { days: 2 } })), [
        'COLD',
      ]),
    ).toMatch(/^InvalidArgument: 'Days' in the Expiration action must be greater/);
  });
});
