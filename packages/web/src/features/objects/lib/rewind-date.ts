// SPDX-License-Identifier: Apache-2.0
/** The rewind date picker (spec 1 §4 "Rewind", §9 "Year list 25 entries"). */

export const YEAR_LIST_LENGTH = 25;

export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The selectable years: this year and the 24 before it, newest first. */
export function rewindYears(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: YEAR_LIST_LENGTH }, (_, i) => year - i);
}

/** Days in a month (month 1–12) of a year, leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export interface RewindPick {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
  /** 0–23 */
  hour: number;
  /** 0–59 */
  minute: number;
}

/** Whether the pick is a real calendar date and time within the year list (no 30 February). */
export function isValidPick(pick: RewindPick, now: Date = new Date()): boolean {
  const { year, month, day, hour, minute } = pick;
  const ints = [year, month, day, hour, minute].every(Number.isInteger);
  if (!ints || !rewindYears(now).includes(year)) return false;
  if (month < 1 || month > 12 || hour < 0 || hour > 23 || minute < 0 || minute > 59) return false;
  return day >= 1 && day <= daysInMonth(year, month);
}

/** When the month or year changes, a day past the month's end becomes the month's last day. */
export function clampDay(pick: RewindPick): RewindPick {
  const max = daysInMonth(pick.year, pick.month);
  return pick.day > max ? { ...pick, day: max } : pick;
}

/** The pick (local time) as the ISO date of GET …/rewind/{isoDate}. */
export function pickToIso(pick: RewindPick): string {
  return new Date(pick.year, pick.month - 1, pick.day, pick.hour, pick.minute, 0, 0).toISOString();
}

/** A pick for a date (local time); the picker opens on the current rewind date or now. */
export function pickFromDate(date: Date): RewindPick {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
  };
}
