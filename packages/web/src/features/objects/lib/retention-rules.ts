// SPDX-License-Identifier: Apache-2.0
import type { ObjectItem, PutObjectRetentionRequest } from '@stowage/contracts';

/**
 * The object retention dialog (spec 1 §4 "Retention (object)", §5 "Object retention Save needs a mode and a
 * valid date when enabled"): modes governance or compliance; a mode set on the object cannot be changed in
 * the dialog; the status switch appears only for governance or no mode; switching it off with governance
 * removes the retention.
 */
export type ObjectRetentionMode = PutObjectRetentionRequest['mode'];

export interface RetentionForm {
  /** The status switch. */
  enabled: boolean;
  mode: ObjectRetentionMode | undefined;
  /** The retain-until day as the date input gives it: 'YYYY-MM-DD', or '' when none is chosen. */
  date: string;
}

type CurrentRetention = Pick<ObjectItem, 'retention_mode' | 'retention_until_date'>;

function currentMode(current: CurrentRetention): ObjectRetentionMode | undefined {
  if (current.retention_mode === 'GOVERNANCE') return 'governance';
  if (current.retention_mode === 'COMPLIANCE') return 'compliance';
  return undefined;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** 'YYYY-MM-DD' of an instant in the browser's time zone (what a date input shows). */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The instant a chosen day stands for: its start in the browser's time zone; undefined if not a real day. */
export function dayStart(day: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  // new Date(2027, 1, 31) rolls over to 3 March: only real calendar days count (spec 1 §5 date picker).
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return undefined;
  return date;
}

export function initialRetentionForm(current: CurrentRetention): RetentionForm {
  const mode = currentMode(current);
  const until = current.retention_until_date ? new Date(current.retention_until_date) : undefined;
  return {
    enabled: mode !== undefined,
    mode,
    date: until && !Number.isNaN(until.getTime()) ? localDay(until) : '',
  };
}

/** Once the object has a mode, the mode radios are read-only. */
export function isModeFixed(current: CurrentRetention): boolean {
  return currentMode(current) !== undefined;
}

/** The status switch shows for governance or no mode (compliance cannot be switched off). */
export function showsStatusSwitch(current: CurrentRetention): boolean {
  return currentMode(current) !== 'compliance';
}

export type RetentionAction =
  | { kind: 'put'; body: PutObjectRetentionRequest }
  | { kind: 'delete' }
  | { kind: 'invalid'; reason: string };

/** What Save does for the form; `invalid` keeps Save disabled and says why. `now` decides "in the future". */
export function retentionAction(current: CurrentRetention, form: RetentionForm, now: Date): RetentionAction {
  const existing = currentMode(current);
  if (!form.enabled) {
    if (existing === 'governance') return { kind: 'delete' };
    if (existing === 'compliance')
      return { kind: 'invalid', reason: 'Compliance retention cannot be removed' };
    return { kind: 'invalid', reason: 'Turn retention on to set it' };
  }
  const mode = existing ?? form.mode;
  if (mode === undefined) return { kind: 'invalid', reason: 'Choose a retention mode' };
  if (form.date === '') return { kind: 'invalid', reason: 'A retention date is required' };
  const until = dayStart(form.date);
  if (until === undefined) return { kind: 'invalid', reason: 'The retention date is not a valid date' };
  if (until.getTime() <= now.getTime())
    return { kind: 'invalid', reason: 'The retention date must be in the future' };
  if (existing === 'compliance' && current.retention_until_date) {
    const was = new Date(current.retention_until_date);
    if (until.getTime() < was.getTime())
      return { kind: 'invalid', reason: 'Compliance retention can only be extended' };
  }
  return {
    kind: 'put',
    body: {
      mode,
      expires: until.toISOString(),
      // Shortening (or re-setting) governance retention needs the bypass (S3 API: x-amz-bypass-governance-retention).
      ...(mode === 'governance' ? { governance_bypass: true } : {}),
    },
  };
}
