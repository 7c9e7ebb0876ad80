// SPDX-License-Identifier: Apache-2.0
const dateTime = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A readable local date and time; '-' for missing or zero dates (Go's 0001-01-01, PROTOCOL-NOTES §7). */
export function formatDateTime(iso: string | undefined | null): string {
  if (!iso || iso.startsWith('0001-01-01')) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '-' : dateTime.format(date);
}

/** A time of day with milliseconds, e.g. '14:03:07.125', for live tools; '-' when not a date. */
export function formatTimeOfDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
