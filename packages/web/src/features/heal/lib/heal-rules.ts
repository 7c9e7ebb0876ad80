// SPDX-License-Identifier: Apache-2.0
import { fillApiPath, type HealQuery, type HealthColours, wsPaths } from '@stowage/contracts';

/** The heal form (spec 3 §3, §4 "Heal"). */
export interface HealForm {
  /** Heal every bucket at once (issue 38): no bucket and no prefix are sent. */
  allBuckets: boolean;
  bucket: string;
  prefix: string;
  recursive: boolean;
  dryRun: boolean;
  deepScan: boolean;
  remove: boolean;
  forceStart: boolean;
  forceStop: boolean;
}

export const emptyHealForm: HealForm = {
  allBuckets: false,
  bucket: '',
  prefix: '',
  recursive: false,
  dryRun: false,
  deepScan: false,
  remove: false,
  forceStart: false,
  forceStop: false,
};

/** Force Start and Force Stop exclude each other: ticking one unticks the other. */
export function withForce(form: HealForm, which: 'forceStart' | 'forceStop', on: boolean): HealForm {
  const other = which === 'forceStart' ? 'forceStop' : 'forceStart';
  return { ...form, [which]: on, ...(on ? { [other]: false } : {}) };
}

/** The socket's query for the form. */
export function healQuery(form: HealForm): string {
  const q: Record<keyof HealQuery, string> = {
    prefix: form.allBuckets ? '' : form.prefix,
    recursive: String(form.recursive),
    'dry-run': String(form.dryRun),
    'deep-scan': String(form.deepScan),
    remove: String(form.remove),
    'force-start': String(form.forceStart),
    'force-stop': String(form.forceStop),
  };
  return new URLSearchParams(q).toString();
}

export const colourOrder = ['green', 'yellow', 'red', 'grey'] as const;

/** Each colour's share of the items scanned, in percent (spec 3 §9), all 0 before any item. */
export function colourShares(cols: HealthColours): Record<keyof HealthColours, number> {
  const total = cols.green + cols.yellow + cols.red + cols.grey;
  const share = (n: number): number => (total === 0 ? 0 : (n * 100) / total);
  return {
    green: share(cols.green),
    yellow: share(cols.yellow),
    red: share(cols.red),
    grey: share(cols.grey),
  };
}

/** The heal socket of the form: one bucket's (`/ws/heal/{bucket}`) or every bucket's (`/ws/heal`). */
export function healSocketPath(form: HealForm): string {
  const path = form.allBuckets ? wsPaths.healAll : fillApiPath(wsPaths.heal, { bucket: form.bucket });
  return `${path}?${healQuery(form)}`;
}
