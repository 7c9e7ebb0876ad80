// SPDX-License-Identifier: Apache-2.0
import {
  type CreateBucketRequest,
  type ObjectOwnership,
  objectOwnershipSchema,
  type QuotaType,
  type RetentionMode,
  type RetentionUnit,
} from '@stowage/contracts';
import { type SizeUnit, toBytes } from '@/shared/format/size-units';
import { ownershipLabel } from './access-controls';

/** The Create Bucket form (spec 1 §4 "Create-bucket form"). Sizes and validity stay text while typed. */
export interface CreateBucketForm {
  name: string;
  versioning: boolean;
  locking: boolean;
  quotaEnabled: boolean;
  quotaType: QuotaType;
  quotaSize: string;
  quotaUnit: SizeUnit;
  retentionEnabled: boolean;
  retentionMode: RetentionMode;
  retentionUnit: RetentionUnit;
  retentionValidity: string;
  /** S3 Object Ownership; '' leaves it to the server's default for new buckets. */
  objectOwnership: ObjectOwnership | '';
}

/** The Object Ownership choices (S3's names) with what each means for ACLs. */
export const objectOwnershipChoices: readonly { value: ObjectOwnership | ''; label: string }[] = [
  { value: '', label: 'Server default' },
  ...objectOwnershipSchema.options.map((value) => ({ value, label: ownershipLabel(value) })),
];

/** Spec 1 §4 "Clear resets to defaults" and §9: quota hard, 1, TiB; retention compliance, days, 1. */
export const createBucketDefaults: CreateBucketForm = {
  name: '',
  versioning: false,
  locking: false,
  quotaEnabled: false,
  quotaType: 'hard',
  quotaSize: '1',
  quotaUnit: 'TiB',
  retentionEnabled: false,
  retentionMode: 'compliance',
  retentionUnit: 'days',
  retentionValidity: '1',
  objectOwnership: '',
};

/**
 * Applies a change with the form's coupling rules (spec 1 §4): retention on forces object locking on (and
 * the locking switch is then locked); versioning off clears retention. Object locking needs versioning
 * (the server enables it with the lock), so locking on turns versioning on as well.
 */
export function updateCreateBucketForm(
  form: CreateBucketForm,
  patch: Partial<CreateBucketForm>,
): CreateBucketForm {
  const next = { ...form, ...patch };
  if (patch.retentionEnabled === true) {
    next.locking = true;
    next.versioning = true;
  }
  if (patch.locking === true) next.versioning = true;
  if (patch.locking === false && next.retentionEnabled) next.locking = true;
  if (patch.versioning === false) {
    next.retentionEnabled = false;
    next.retentionMode = createBucketDefaults.retentionMode;
    next.retentionUnit = createBucketDefaults.retentionUnit;
    next.retentionValidity = createBucketDefaults.retentionValidity;
    next.locking = false;
  }
  return next;
}

/** A positive number typed as text; NaN for anything else. */
function positive(text: string): number {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(value) && value > 0 ? value : Number.NaN;
}

/**
 * Save is enabled only when the (trimmed, settled) name is non-empty, an enabled quota has a size that is
 * neither empty nor zero, and an enabled retention has a validity of at least 1 (spec 1 §4, §5).
 */
export function canSaveCreateBucket(form: CreateBucketForm, settledName: string): boolean {
  if (settledName.trim() === '') return false;
  if (form.quotaEnabled && Number.isNaN(positive(form.quotaSize))) return false;
  if (form.retentionEnabled) {
    const validity = positive(form.retentionValidity);
    if (Number.isNaN(validity) || validity < 1 || !Number.isInteger(validity)) return false;
  }
  return true;
}

/**
 * The request body. Outside distributed mode only the name is sent (spec 1 §4: everything else is
 * disabled). Retention is offered only with versioning.
 */
export function toCreateBucketRequest(
  form: CreateBucketForm,
  settledName: string,
  distributed: boolean,
): CreateBucketRequest {
  const name = settledName.trim();
  // Object Ownership needs no erasure coding: sent in every mode when chosen.
  const ownership = form.objectOwnership ? { objectOwnership: form.objectOwnership } : {};
  if (!distributed) return { name, versioning: false, locking: false, ...ownership };
  const retention = form.versioning && form.retentionEnabled;
  return {
    name,
    ...ownership,
    versioning: form.versioning,
    locking: form.locking || retention,
    ...(form.quotaEnabled
      ? {
          quota: {
            enabled: true,
            quota_type: form.quotaType,
            amount: toBytes(positive(form.quotaSize), form.quotaUnit),
          },
        }
      : {}),
    ...(retention
      ? {
          retention: {
            mode: form.retentionMode,
            unit: form.retentionUnit,
            validity: positive(form.retentionValidity),
          },
        }
      : {}),
  };
}
