// SPDX-License-Identifier: Apache-2.0
import { SHARE_MAX_EXPIRY_MS } from '@stowage/contracts';

/** How long a share link stays valid (spec 1 §4 "Sharing link", §5, §9). */
export interface ShareDuration {
  days: number;
  hours: number;
  minutes: number;
}
export type ShareDurationPart = keyof ShareDuration;

/** Spec 1 §5: days 0 to 7, hours 0 to 23, minutes 0 to 59. */
export const SHARE_DURATION_MAX: Readonly<ShareDuration> = { days: 7, hours: 23, minutes: 59 };

/** Spec 1 §9: the default (and longest) link lasts 7 days. */
export const DEFAULT_SHARE_DURATION: Readonly<ShareDuration> = { days: 7, hours: 0, minutes: 0 };

const MINUTE_MS = 60_000;

/**
 * Sets one part of the duration. Values are whole numbers clamped to the part's range; at 7 days hours and
 * minutes are forced to 0 (spec 1 §5), so the total never passes the 7-day maximum.
 */
export function setShareDurationPart(
  duration: ShareDuration,
  part: ShareDurationPart,
  value: number,
): ShareDuration {
  const whole = Number.isFinite(value) ? Math.trunc(value) : 0;
  const next = { ...duration, [part]: Math.min(SHARE_DURATION_MAX[part], Math.max(0, whole)) };
  return next.days === SHARE_DURATION_MAX.days ? { ...next, hours: 0, minutes: 0 } : next;
}

/** Total length in milliseconds (what the share call sends, spec 1 §7). */
export function shareDurationMs(d: ShareDuration): number {
  return ((d.days * 24 + d.hours) * 60 + d.minutes) * MINUTE_MS;
}

function inRange(n: number, max: number): boolean {
  return Number.isInteger(n) && n >= 0 && n <= max;
}

/** A duration gives a link only when each part is in range, the total is above zero and at most 7 days. */
export function isValidShareDuration(d: ShareDuration): boolean {
  if (!inRange(d.days, 7) || !inRange(d.hours, 23) || !inRange(d.minutes, 59)) return false;
  if (d.days === 7 && (d.hours !== 0 || d.minutes !== 0)) return false;
  const ms = shareDurationMs(d);
  return ms > 0 && ms <= SHARE_MAX_EXPIRY_MS;
}

/** The `expires` query value of GET …/objects/share: milliseconds with the 'ms' suffix (spec 1 §7). */
export function shareExpiresParam(d: ShareDuration): string {
  return `${shareDurationMs(d)}ms`;
}

/** When a link made at `now` stops working. */
export function shareExpiryDate(d: ShareDuration, now: Date): Date {
  return new Date(now.getTime() + shareDurationMs(d));
}
