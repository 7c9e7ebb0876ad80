// SPDX-License-Identifier: Apache-2.0
import {
  type LifecycleRule,
  type LifecycleRuleRequest,
  noLifecycleDate,
  type UpdateLifecycleRuleRequest,
} from '@stowage/contracts';

/** The Add Lifecycle Rule modal and the rule edit (spec 1 §4 "Lifecycle rule edit", §5). */
export interface LifecycleForm {
  type: 'expiry' | 'transition';
  by: 'days' | 'date';
  days: string;
  /** YYYY-MM-DD. */
  date: string;
  prefix: string;
  tags: Array<{ key: string; value: string }>;
  storageClass: string;
  noncurrentDays: string;
  noncurrentStorageClass: string;
  expiredDeleteMarker: boolean;
  enabled: boolean;
}

export const emptyLifecycleForm: LifecycleForm = {
  type: 'expiry',
  by: 'days',
  days: '',
  date: '',
  prefix: '',
  tags: [],
  storageClass: '',
  noncurrentDays: '',
  noncurrentStorageClass: '',
  expiredDeleteMarker: false,
  enabled: true,
};

function wholeNumber(text: string): number | undefined {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/**
 * Save of the Add Lifecycle Rule modal (spec 1 §5): by date needs a date; by days needs days of at least
 * 1; a transition also needs a storage class.
 */
export function canSaveLifecycleRule(f: LifecycleForm): boolean {
  const timed = f.by === 'date' ? f.date !== '' : (wholeNumber(f.days) ?? 0) >= 1;
  return timed && (f.type === 'expiry' || f.storageClass !== '');
}

/** The tag pairs with a key, as 'k=v&k2=v2' (spec 1 §3). */
export function tagsText(tags: LifecycleForm['tags']): string {
  return tags
    .filter((t) => t.key.trim() !== '')
    .map((t) => `${t.key.trim()}=${t.value}`)
    .join('&');
}

/** The create payload (spec 1 §3); a date is sent as the day plus T23:59:59Z (spec 1 §7). */
export function lifecycleRequest(f: LifecycleForm): LifecycleRuleRequest {
  const days = wholeNumber(f.days);
  const noncurrent = wholeNumber(f.noncurrentDays);
  const date = f.date === '' ? undefined : `${f.date}T23:59:59Z`;
  const req: LifecycleRuleRequest = {
    type: f.type,
    prefix: f.prefix.trim(),
    tags: tagsText(f.tags),
    expired_object_delete_marker: f.expiredDeleteMarker,
  };
  if (f.type === 'expiry') {
    if (f.by === 'date') req.expiry_date = date;
    else req.expiry_days = days;
    if (noncurrent) req.noncurrentversion_expiration_days = noncurrent;
  } else {
    if (f.by === 'date') req.transition_date = date;
    else req.transition_days = days;
    req.storage_class = f.storageClass;
    if (noncurrent) {
      req.noncurrentversion_transition_days = noncurrent;
      req.noncurrentversion_transition_storage_class = f.noncurrentStorageClass || f.storageClass;
    }
  }
  return req;
}

/** The PUT body of a rule edit: the payload plus the switch. */
export function lifecycleUpdate(f: LifecycleForm): UpdateLifecycleRuleRequest {
  return { ...lifecycleRequest(f), disable: !f.enabled };
}

const hasDate = (d: string): boolean => d !== '' && d !== noLifecycleDate;
const positive = (n: number): string => (n > 0 ? String(n) : '');

/** The form of an existing rule: a transition when it has a storage class, else an expiry. */
export function lifecycleFormOf(rule: LifecycleRule): LifecycleForm {
  const transition = rule.transition.storage_class !== '';
  const t = transition ? rule.transition : rule.expiration;
  return {
    type: transition ? 'transition' : 'expiry',
    by: hasDate(t.date) ? 'date' : 'days',
    days: positive(t.days),
    date: hasDate(t.date) ? t.date.slice(0, 10) : '',
    prefix: rule.prefix,
    tags: rule.tags,
    storageClass: rule.transition.storage_class,
    noncurrentDays: positive(
      transition ? rule.transition.noncurrent_transition_days : rule.expiration.noncurrent_expiration_days,
    ),
    noncurrentStorageClass: rule.transition.noncurrent_storage_class,
    expiredDeleteMarker: rule.expiration.delete_marker,
    enabled: rule.status === 'Enabled',
  };
}

/** A table cell of a rule's expiration or transition: 'N days', the day, or '' (spec 1 §2.5). */
export function whenText(t: { days: number; date: string }): string {
  if (t.days > 0) return `${t.days} day${t.days === 1 ? '' : 's'}`;
  return hasDate(t.date) ? t.date.slice(0, 10) : '';
}
