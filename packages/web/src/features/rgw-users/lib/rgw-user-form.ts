// SPDX-License-Identifier: Apache-2.0
import { rgwCreateUserSchema } from '@stowage/contracts';
import { fromBytes, type SizeUnit, toBytes } from '@/shared/format/size-units';

/** The create form's text fields. */
export interface RgwUserForm {
  uid: string;
  displayName: string;
  email: string;
  maxBuckets: string;
}

type Problems = Partial<Record<keyof RgwUserForm, string>>;

/** What is wrong with each field, by the same schema the backend checks; empty when the form can be sent. */
export function rgwUserFormProblems(form: RgwUserForm): Problems {
  const problems: Problems = {};
  if (form.uid.trim() === '') problems.uid = 'User ID is required';
  if (form.displayName.trim() === '') problems.displayName = 'Display name is required';
  const maxBuckets = form.maxBuckets.trim() === '' ? Number.NaN : Number(form.maxBuckets);
  if (!Number.isInteger(maxBuckets) || maxBuckets < -1) problems.maxBuckets = 'A whole number, -1 or more';
  const parsed = rgwCreateUserSchema.safeParse({
    uid: form.uid.trim(),
    displayName: form.displayName.trim() || 'x',
    ...(form.email.trim() === '' ? {} : { email: form.email.trim() }),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'uid' && problems.uid === undefined) problems.uid = `User ID: ${issue.message}`;
      if (field === 'email') problems.email = 'Not an email address';
    }
  }
  return problems;
}

/** The quota dialog's fields: a limit left empty (or unlimited) is sent as -1, RGW's "no limit". */
export interface RgwQuotaForm {
  enabled: boolean;
  sizeUnlimited: boolean;
  size: string;
  unit: SizeUnit;
  objectsUnlimited: boolean;
  objects: string;
}

/** The form for a quota as RGW keeps it (1 GiB shown when no size limit is set). */
export function rgwQuotaForm(q: { enabled: boolean; maxSizeBytes: number; maxObjects: number } | null) {
  const size = q && q.maxSizeBytes > 0 ? fromBytes(q.maxSizeBytes) : { amount: 1, unit: 'GiB' as SizeUnit };
  return {
    enabled: q?.enabled ?? false,
    sizeUnlimited: !q || q.maxSizeBytes < 0,
    size: String(size.amount),
    unit: size.unit,
    objectsUnlimited: !q || q.maxObjects < 0,
    objects: q && q.maxObjects >= 0 ? String(q.maxObjects) : '1000',
  } satisfies RgwQuotaForm;
}

/** The quota to send, or the first problem of the form. */
export function rgwQuotaFromForm(
  f: RgwQuotaForm,
): { quota: { enabled: boolean; maxSizeBytes: number; maxObjects: number } } | { problem: string } {
  const size = Number(f.size);
  if (!f.sizeUnlimited && !(f.size.trim() !== '' && Number.isFinite(size) && size > 0))
    return { problem: 'The size must be more than 0' };
  const objects = Number(f.objects);
  if (!f.objectsUnlimited && !(f.objects.trim() !== '' && Number.isInteger(objects) && objects >= 0))
    return { problem: 'The number of objects must be a whole number, 0 or more' };
  return {
    quota: {
      enabled: f.enabled,
      maxSizeBytes: f.sizeUnlimited ? -1 : toBytes(size, f.unit),
      maxObjects: f.objectsUnlimited ? -1 : objects,
    },
  };
}
