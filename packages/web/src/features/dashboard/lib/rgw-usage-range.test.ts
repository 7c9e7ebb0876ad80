// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { defaultUsageDays, usageRange, usageRows } from './rgw-usage-range';

describe('the RGW usage range', () => {
  it('opens on the last 7 days, today included, in UTC days', () => {
    expect(defaultUsageDays(new Date('2026-12-02T23:30:00Z'))).toEqual({
      from: '2026-11-26',
      to: '2026-12-02',
    });
  });

  it("sends the day after To as RGW's exclusive end", () => {
    expect(usageRange('2026-11-30', '2026-12-31')).toEqual({
      range: { start: '2026-11-30', end: '2027-01-01' },
    });
    expect(usageRange('2026-12-02', '2026-12-02')).toEqual({
      range: { start: '2026-12-02', end: '2026-12-03' },
    });
  });

  it('refuses a To before From, and a missing day', () => {
    expect(usageRange('2026-12-02', '2026-12-01')).toEqual({
      error: 'The To date must not be before the From date.',
    });
    expect(usageRange('', '2026-12-01')).toEqual({ error: 'Pick a From and a To date.' });
  });
});

describe('usage rows', () => {
  it("lists each user's categories by name, then the user's total", () => {
    const counts = { bytesSent: 1, bytesReceived: 2, ops: 3, successfulOps: 3 };
    const rows = usageRows({
      users: [
        { uid: 'zed', categories: [{ category: 'put_obj', ...counts }], total: counts },
        {
          uid: 'amy',
          categories: [
            { category: 'put_obj', ...counts },
            { category: 'get_obj', ...counts },
          ],
          total: { ...counts, ops: 6 },
        },
      ],
    });
    expect(rows.map((r) => [r.uid, r.category, r.total])).toEqual([
      ['amy', 'get_obj', false],
      ['amy', 'put_obj', false],
      ['amy', 'Total', true],
      ['zed', 'put_obj', false],
      ['zed', 'Total', true],
    ]);
    expect(rows[2]?.ops).toBe(6);
  });
});
