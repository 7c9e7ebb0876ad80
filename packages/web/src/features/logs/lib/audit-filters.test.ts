// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { auditQuery, emptyAuditFilters, nearBottom, nextAuditPage } from './audit-filters';

describe('audit log filters', () => {
  it('sends a field:value per filled field, the page and the order', () => {
    const q = auditQuery(
      {
        ...emptyAuditFilters,
        fields: { ...emptyAuditFilters.fields, bucket: ' photos ', api_name: 'PutObject' },
      },
      2,
    );
    expect(q).toEqual({
      q: 'reqinfo',
      fp: ['bucket:photos', 'api_name:PutObject'],
      pageSize: '100',
      pageNo: '2',
      order: 'timeDesc',
    });
  });

  it('sends the time range as ISO times', () => {
    const q = auditQuery({ ...emptyAuditFilters, timeStart: '2024-05-01T10:00' }, 0);
    expect(q.timeStart).toBe(new Date('2024-05-01T10:00').toISOString());
    expect(q.timeEnd).toBeUndefined();
  });

  it('stops paging after a short page; loads ahead near the bottom', () => {
    expect(nextAuditPage(100, 1)).toBe(1);
    expect(nextAuditPage(42, 3)).toBeUndefined();
    expect(nearBottom({ scrollTop: 900, clientHeight: 500, scrollHeight: 1500 })).toBe(true);
    expect(nearBottom({ scrollTop: 0, clientHeight: 500, scrollHeight: 1500 })).toBe(false);
  });
});
