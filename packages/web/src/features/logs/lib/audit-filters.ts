// SPDX-License-Identifier: Apache-2.0
import type { AuditFilterField } from '@stowage/contracts';

/** The Audit Logs form (spec 3 §7 `fp` fields, the time range, the order). */
export interface AuditFilters {
  fields: Record<AuditFilterField, string>;
  /** `datetime-local` values (local time), '' = open. */
  timeStart: string;
  timeEnd: string;
  order: 'timeDesc' | 'timeAsc';
}

export const emptyAuditFilters: AuditFilters = {
  fields: { bucket: '', object: '', api_name: '', request_id: '', user_agent: '', response_status: '' },
  timeStart: '',
  timeEnd: '',
  order: 'timeDesc',
};

export const AUDIT_PAGE_SIZE = 100;

/** The search query of one page: a `fp=field:value` per filled field, the range as ISO times. */
export function auditQuery(f: AuditFilters, pageNo: number): Record<string, string | string[]> {
  const fp = Object.entries(f.fields)
    .filter(([, v]) => v.trim() !== '')
    .map(([k, v]) => `${k}:${v.trim()}`);
  const iso = (local: string): string | undefined => {
    if (local === '') return undefined;
    const t = new Date(local);
    return Number.isNaN(t.getTime()) ? undefined : t.toISOString();
  };
  const start = iso(f.timeStart);
  const end = iso(f.timeEnd);
  return {
    q: 'reqinfo',
    fp,
    pageSize: String(AUDIT_PAGE_SIZE),
    pageNo: String(pageNo),
    order: f.order,
    ...(start ? { timeStart: start } : {}),
    ...(end ? { timeEnd: end } : {}),
  };
}

/** The next page's number, or undefined after a short (last) page. */
export function nextAuditPage(lastPageSize: number, pagesLoaded: number): number | undefined {
  return lastPageSize < AUDIT_PAGE_SIZE ? undefined : pagesLoaded;
}

/** Load the next page when the scroll is this close to the bottom (px). */
export const SCROLL_AHEAD_PX = 300;

export function nearBottom(el: { scrollTop: number; clientHeight: number; scrollHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_AHEAD_PX;
}
