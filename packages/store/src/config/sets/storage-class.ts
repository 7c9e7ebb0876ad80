// SPDX-License-Identifier: Apache-2.0
import type { ConfigCheckContext, ConfigSetDef, ResolvedSet } from '../registry.js';

/**
 * `storage_class`: the parity of new objects per S3 storage class, as MinIO: `standard` for STANDARD
 * (empty: the store's default for its drive count, e.g. EC:2 on 4 drives) and `rrs` for
 * REDUCED_REDUNDANCY (default EC:1), each written `EC:<parity>`. Parity is at most half the drives
 * (a single drive has none: only EC:0, and rrs' default stands for EC:0 there, as in MinIO), and
 * STANDARD's parity is at least RRS' when both are above 0. Dynamic: new objects use the values in
 * effect; each version keeps the parity it was written with (its metadata records its geometry).
 * Environment: MINIO_STORAGE_CLASS_STANDARD, MINIO_STORAGE_CLASS_RRS.
 */

export type StorageClass = 'STANDARD' | 'REDUCED_REDUNDANCY';

const RRS_DEFAULT = 'EC:1';

/** The parity of an `EC:N` value, or the problem with it. */
export function parseParity(value: string): { parity: number } | { problem: string } {
  const parts = value.split(':');
  if (parts.length !== 2) {
    return { problem: `'${value}' is not a storage class: write it as EC:<parity>, e.g. EC:2` };
  }
  if (parts[0] !== 'EC')
    return { problem: `unsupported scheme '${parts[0]}' in '${value}': the scheme is EC` };
  if (!/^\d{1,3}$/.test(parts[1] as string)) {
    return { problem: `'${parts[1]}' in '${value}' is not a parity: a whole number of drives, 0 or more` };
  }
  return { parity: Number(parts[1]) };
}

function checkValue(value: string): string | undefined {
  const r = parseParity(value);
  return 'problem' in r ? r.problem : undefined;
}

/** Parity bounds on n drives (MinIO: at most half the drives; one drive has no parity). */
function checkBound(name: string, parity: number, drives: number): string | undefined {
  if (drives === 1 && parity > 0) {
    return `${name} parity ${parity} is not possible with a single drive: only EC:0`;
  }
  const max = Math.floor(drives / 2);
  if (parity > max)
    return `${name} parity ${parity} should be less than or equal to ${max} (half of ${drives} drives)`;
  return undefined;
}

/** Parities of both classes as configured; `null` = the store's default (standard left empty). */
function configured(kv: ResolvedSet): { standard: number | null; rrs: number } | { problem: string } {
  const std = kv.values.standard ?? '';
  const rrsText = kv.values.rrs || RRS_DEFAULT;
  const s = std === '' ? null : parseParity(std);
  if (s && 'problem' in s) return s;
  const r = parseParity(rrsText);
  if ('problem' in r) return r;
  return { standard: s ? s.parity : null, rrs: r.parity };
}

/** The parity a new object of `cls` gets on this store, or the problem with the configured values. */
export function classParity(
  kv: ResolvedSet,
  cls: StorageClass,
  store: ConfigCheckContext,
): { parity: number } | { problem: string } {
  if (store.drives === 1) return { parity: 0 };
  const c = configured(kv);
  if ('problem' in c) return c;
  const parity = cls === 'STANDARD' ? (c.standard ?? store.parity) : c.rrs;
  const problem = checkBound(
    cls === 'STANDARD' ? 'Standard storage class' : 'Reduced redundancy storage class',
    parity,
    store.drives,
  );
  return problem ? { problem } : { parity };
}

function checkSet(kv: ResolvedSet, store?: ConfigCheckContext): string | undefined {
  const c = configured(kv);
  if ('problem' in c) return c.problem;
  if (store) {
    const standard = c.standard ?? store.parity;
    // On a single drive rrs' default (EC:1) means EC:0, as in MinIO.
    const rrs = store.drives === 1 && (kv.values.rrs || RRS_DEFAULT) === RRS_DEFAULT ? 0 : c.rrs;
    const problem =
      checkBound('Standard storage class', standard, store.drives) ??
      checkBound('Reduced redundancy storage class', rrs, store.drives);
    if (problem) return problem;
  }
  const standard = c.standard ?? store?.parity;
  if (standard !== undefined && standard > 0 && c.rrs > 0 && standard < c.rrs && store?.drives !== 1) {
    return `Standard storage class parity ${standard} should be greater than or equal to Reduced redundancy storage class parity ${c.rrs}`;
  }
  return undefined;
}

export const storageClassSet: ConfigSetDef = {
  subSys: 'storage_class',
  description: 'define object level redundancy',
  multipleTargets: false,
  apply: 'dynamic',
  keys: [
    {
      key: 'standard',
      type: 'string',
      description:
        "parity of the STANDARD storage class as EC:<parity>, e.g. 'EC:2' (empty: the default for the drive count)",
      optional: true,
      default: '',
      validate: checkValue,
    },
    {
      key: 'rrs',
      type: 'string',
      description: `parity of the REDUCED_REDUNDANCY storage class as EC:<parity> (default '${RRS_DEFAULT}')`,
      optional: true,
      default: RRS_DEFAULT,
      validate: checkValue,
    },
    {
      key: 'comment',
      type: 'sentence',
      description: 'optionally add a comment to this setting',
      optional: true,
      default: '',
    },
  ],
  validate: checkSet,
};
